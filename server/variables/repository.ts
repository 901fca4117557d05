/**
 * variables: global (flow_id NULL) or of one workflow, always filtered by the owner. The value of a
 * sensitive variable is never selected for a reply: list and read queries blank it in SQL.
 */
import { isUniqueViolation, type Queryable } from '../db/database.ts';
import type { VariableStatus, VariableType } from './schemas.ts';

export interface VariableRow {
  id: string;
  user_id: string;
  flow_id: string | null;
  name: string;
  type: VariableType;
  /** Null for sensitive variables (not selected). */
  value: string | null;
  sensitive: boolean;
  status: VariableStatus;
  description: string;
  created: Date;
  updated: Date;
}

const COLUMNS = `id, user_id, flow_id, name, type, CASE WHEN sensitive THEN NULL ELSE value END AS value, sensitive, status,
  description, created, updated`;

export async function listVariables(db: Queryable, userId: string, flowId: string | null): Promise<VariableRow[]> {
  const { rows } = await db.query<VariableRow>(
    `SELECT ${COLUMNS} FROM variables
     WHERE user_id = $1 AND (($2::uuid IS NULL AND flow_id IS NULL) OR flow_id = $2)
     ORDER BY name, id`,
    [userId, flowId],
  );
  return rows;
}

export async function findVariable(db: Queryable, userId: string, id: string): Promise<VariableRow | undefined> {
  const { rows } = await db.query<VariableRow>(`SELECT ${COLUMNS} FROM variables WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0];
}

/** The stored value (ciphertext when sensitive), for an update that keeps it. */
export async function storedValue(db: Queryable, id: string): Promise<string> {
  const { rows } = await db.query<{ value: string }>('SELECT value FROM variables WHERE id = $1', [id]);
  return rows[0]?.value ?? '';
}

export interface VariableWrite {
  name: string;
  type: VariableType;
  /** Already encrypted when sensitive. */
  storedValue: string;
  sensitive: boolean;
  status: VariableStatus;
  description: string;
}

/** Inserts, or answers undefined when the name is taken in that scope. */
export async function insertVariable(
  db: Queryable,
  userId: string,
  flowId: string | null,
  write: VariableWrite,
): Promise<VariableRow | undefined> {
  try {
    const { rows } = await db.query<VariableRow>(
      `INSERT INTO variables (user_id, flow_id, name, type, value, sensitive, status, description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [userId, flowId, write.name, write.type, write.storedValue, write.sensitive, write.status, write.description],
    );
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Updates, or answers undefined when the new name is taken in that scope. */
export async function updateVariable(db: Queryable, id: string, write: VariableWrite): Promise<VariableRow | undefined> {
  try {
    const { rows } = await db.query<VariableRow>(
      `UPDATE variables SET name = $2, type = $3, value = $4, sensitive = $5, status = $6, description = $7,
         updated = date_trunc('milliseconds', now())
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, write.name, write.type, write.storedValue, write.sensitive, write.status, write.description],
    );
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function deleteVariable(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM variables WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}
