/**
 * The gallery's list (GET /templates): the reader's templates and every public one, newest first, a page
 * at a time, filtered in SQL. Each filter is written into the statement only when it is given, so the
 * planner sees the indexed expression itself (migration 023) instead of `$n IS NULL OR …`, which a
 * cached generic plan could not use an index for.
 */
import type { TemplateScope } from '../../src/domain/contract/index.ts';
import type { Queryable } from '../db/database.ts';
import { COLUMNS, type TemplateRow } from './repository.ts';

export interface TemplateListFilter {
  scope: TemplateScope;
  search?: string | undefined;
  tags: string[];
  category?: string | undefined;
  page: number;
  limit: number;
}

/** The indexed search expression (migration 023 indexes exactly this). */
const SEARCH_VECTOR = "to_tsvector('simple', t.title || ' ' || t.description)";
/** At most this many words of a search count; the rest are ignored. */
const MAX_SEARCH_WORDS = 8;

/**
 * A search as a tsquery: its words (letters and digits; the rest separates them), each a prefix, all
 * required: 'Inv sync!' → 'inv:* & sync:*'. Only letters and digits reach to_tsquery, so nothing typed
 * can be read as its syntax. No word at all (only punctuation) is no search.
 */
export function searchQuery(search: string | undefined): string | undefined {
  const words = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

function whereOf(userId: string, filter: TemplateListFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  if (filter.scope === 'public') conditions.push("t.visibility = 'PUBLIC'");
  else {
    params.push(userId);
    conditions.push(filter.scope === 'mine' ? 't.user_id = $1' : "(t.user_id = $1 OR t.visibility = 'PUBLIC')");
  }
  const words = searchQuery(filter.search);
  if (words) {
    params.push(words);
    conditions.push(`${SEARCH_VECTOR} @@ to_tsquery('simple', $${params.length})`);
  }
  if (filter.tags.length > 0) {
    params.push(JSON.stringify(filter.tags));
    conditions.push(`t.tags @> $${params.length}::jsonb`);
  }
  if (filter.category) {
    params.push(filter.category);
    conditions.push(`t.category = $${params.length}`);
  }
  return { sql: conditions.join(' AND '), params };
}

export async function listTemplatePage(db: Queryable, userId: string, filter: TemplateListFilter): Promise<{ rows: TemplateRow[]; total: number }> {
  const where = whereOf(userId, filter);
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM templates t WHERE ${where.sql}`, where.params);
  const total = counted[0]?.total ?? 0;
  if (total === 0 || (filter.page - 1) * filter.limit >= total) return { rows: [], total };
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM templates t JOIN users u ON u.id = t.user_id
     WHERE ${where.sql}
     ORDER BY t.created DESC, t.id DESC
     LIMIT $${where.params.length + 1} OFFSET $${where.params.length + 2}`,
    [...where.params, filter.limit, (filter.page - 1) * filter.limit],
  );
  return { rows, total };
}
