/**
 * folders: a user's named groups of workflows, always filtered by the owner. Each row is read with the
 * number of workflows filed in it. A name is unique per user in any case (the unique index on
 * lower(display_name)); the count cap is checked with the user's row locked, as connections do.
 */
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { MAX_FOLDERS_PER_USER } from '../../src/domain/contract/folders.ts';

export interface FolderRow {
  id: string;
  user_id: string;
  display_name: string;
  number_of_flows: number;
  created: Date;
  updated: Date;
}

const COUNT = '(SELECT count(*)::int FROM flows f WHERE f.user_id = d.user_id AND f.folder_id = d.id AND NOT f.provisional) AS number_of_flows';
const COLUMNS = `d.id, d.user_id, d.display_name, d.created, d.updated, ${COUNT}`;

/** A uuid as PostgreSQL prints it: anything else names no folder (and must not reach a uuid cast). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const looksLikeFolderId = (id: string): boolean => UUID.test(id);

export async function listFolders(db: Queryable, userId: string): Promise<FolderRow[]> {
  const { rows } = await db.query<FolderRow>(`SELECT ${COLUMNS} FROM folders d WHERE d.user_id = $1 ORDER BY lower(d.display_name), d.id`, [userId]);
  return rows;
}

/** All the user's workflows, and those in no folder: the counts beside "All" and "Uncategorized". */
export async function flowCounts(db: Queryable, userId: string): Promise<{ total: number; uncategorized: number }> {
  const { rows } = await db.query<{ total: number; uncategorized: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE folder_id IS NULL))::int AS uncategorized FROM flows WHERE user_id = $1 AND NOT provisional`,
    [userId],
  );
  return rows[0] ?? { total: 0, uncategorized: 0 };
}

export async function findFolder(db: Queryable, userId: string, id: string): Promise<FolderRow | undefined> {
  if (!looksLikeFolderId(id)) return undefined;
  const { rows } = await db.query<FolderRow>(`SELECT ${COLUMNS} FROM folders d WHERE d.id = $1 AND d.user_id = $2`, [id, userId]);
  return rows[0];
}

/**
 * Whether the folder is the user's, holding it (FOR KEY SHARE) until the transaction ends, so a workflow
 * filed in it now cannot meet a delete of it halfway.
 */
export async function holdFolder(tx: Queryable, userId: string, id: string): Promise<boolean> {
  if (!looksLikeFolderId(id)) return false;
  const { rows } = await tx.query('SELECT 1 FROM folders WHERE id = $1 AND user_id = $2 FOR KEY SHARE', [id, userId]);
  return rows.length > 0;
}

export type FolderInsert = { row: FolderRow } | { refused: 'duplicate' | 'too-many' };

export async function insertFolder(db: Database, userId: string, displayName: string): Promise<FolderInsert> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: counted } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE user_id = $1', [userId]);
      if ((counted[0]?.n ?? 0) >= MAX_FOLDERS_PER_USER) return { refused: 'too-many' as const };
      const { rows } = await tx.query<FolderRow>(
        `INSERT INTO folders (user_id, display_name) VALUES ($1, $2)
         RETURNING id, user_id, display_name, created, updated, 0 AS number_of_flows`,
        [userId, displayName],
      );
      return { row: rows[0]! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'duplicate' };
    throw error;
  }
}

/** Renames; undefined when the folder is not the user's, 'duplicate' when the name is taken. */
export async function renameFolder(db: Queryable, userId: string, id: string, displayName: string): Promise<FolderRow | 'duplicate' | undefined> {
  if (!looksLikeFolderId(id)) return undefined;
  try {
    const { rows } = await db.query<FolderRow>(
      `UPDATE folders d SET display_name = $3, updated = date_trunc('milliseconds', now())
       WHERE d.id = $1 AND d.user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, displayName],
    );
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/**
 * Deletes the folder; its workflows stay, in no folder (the foreign key's SET NULL). Answers how many
 * moved out, or undefined when the folder is not the user's.
 */
export async function deleteFolder(db: Database, userId: string, id: string): Promise<number | undefined> {
  if (!looksLikeFolderId(id)) return undefined;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>('SELECT id FROM folders WHERE id = $1 AND user_id = $2 FOR UPDATE', [id, userId]);
    if (rows.length === 0) return undefined;
    // Moving them out explicitly stamps `updated`, so the list shows they changed.
    const moved = await tx.query('UPDATE flows SET folder_id = NULL, updated = date_trunc(\'milliseconds\', now()) WHERE user_id = $1 AND folder_id = $2 RETURNING id', [userId, id]);
    await tx.query('DELETE FROM folders WHERE id = $1 AND user_id = $2', [id, userId]);
    return moved.rows.length;
  });
}
