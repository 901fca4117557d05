/**
 * templates: a snapshot of a workflow's flow (the stored content, flat) with its listing fields. A user
 * reads their own templates and every PUBLIC one; only the owner deletes.
 */
import type { StoredFlowContent } from '../../src/domain/index.ts';
import type { Queryable } from '../db/database.ts';
import type { TemplateVisibility } from './schemas.ts';

/** The flow a template holds: the stored content with the schema version it was made with. */
export type TemplateContent = StoredFlowContent & { schemaVersion: string | null };

export interface TemplateRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: TemplateVisibility;
  step_count: number;
  created: Date;
  author_name: string;
  content?: TemplateContent;
}

export const COLUMNS = 't.id, t.user_id, t.title, t.description, t.category, t.tags, t.visibility, t.step_count, t.created, u.name AS author_name';

export interface TemplateWrite {
  title: string;
  description: string;
  category: string | null;
  tags: string[];
  visibility: TemplateVisibility;
  stepCount: number;
  contentJson: string;
}

export async function insertTemplate(db: Queryable, userId: string, write: TemplateWrite): Promise<TemplateRow> {
  const { rows } = await db.query<TemplateRow>(
    `WITH t AS (
       INSERT INTO templates (user_id, title, description, category, tags, visibility, step_count, content)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8::jsonb) RETURNING *
     )
     SELECT ${COLUMNS} FROM t JOIN users u ON u.id = t.user_id`,
    [userId, write.title, write.description, write.category, JSON.stringify(write.tags), write.visibility, write.stepCount, write.contentJson],
  );
  return rows[0]!;
}

/** A template the reader may see (theirs, or public; a guest passes null), with its content. */
export async function findReadableTemplate(db: Queryable, readerId: string | null, id: string): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS}, t.content FROM templates t JOIN users u ON u.id = t.user_id
     WHERE t.id = $1 AND (t.visibility = 'PUBLIC' OR t.user_id = $2)`,
    [id, readerId],
  );
  return rows[0];
}

export interface TemplateEdit {
  title?: string | undefined;
  description?: string | undefined;
  category?: string | null | undefined;
  tags?: string[] | undefined;
  visibility?: TemplateVisibility | undefined;
}

/** Changes the fields given of the owner's template; undefined when it is not theirs (or not there). */
export async function updateTemplate(db: Queryable, userId: string, id: string, edit: TemplateEdit): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `WITH t AS (
       UPDATE templates SET
         title = COALESCE($3, title),
         description = COALESCE($4, description),
         category = CASE WHEN $5 THEN $6 ELSE category END,
         tags = COALESCE($7::jsonb, tags),
         visibility = COALESCE($8, visibility)
       WHERE id = $1 AND user_id = $2 RETURNING *
     )
     SELECT ${COLUMNS} FROM t JOIN users u ON u.id = t.user_id`,
    [
      id,
      userId,
      edit.title ?? null,
      edit.description ?? null,
      edit.category !== undefined,
      edit.category ?? null,
      edit.tags === undefined ? null : JSON.stringify(edit.tags),
      edit.visibility ?? null,
    ],
  );
  return rows[0];
}

export async function deleteTemplate(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM templates WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}
