/**
 * connections: one user's credentials, every statement filtered by the owner. The encrypted secret parts
 * are selected only where they are used (an update that keeps some, the engine resolving a step's
 * connection), never for a reply.
 */
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { MAX_CONNECTIONS_PER_USER, type ConnectionType } from '../../src/domain/contract/connections.ts';
import type { ConnectionConfig } from './secret-parts.ts';

export interface ConnectionRow {
  id: string;
  user_id: string;
  name: string;
  type: ConnectionType;
  config: ConnectionConfig;
  created: Date;
  updated: Date;
}

/** A row with its encrypted secret parts. */
export interface ConnectionSecretRow extends ConnectionRow {
  secrets: string[];
}

const COLUMNS = 'id, user_id, name, type, config, created, updated';

export async function listConnections(db: Queryable, userId: string): Promise<ConnectionRow[]> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${COLUMNS} FROM connections WHERE user_id = $1 ORDER BY lower(name), id`, [userId]);
  return rows;
}

export async function findConnection(db: Queryable, userId: string, id: string): Promise<ConnectionRow | undefined> {
  const { rows } = await db.query<ConnectionRow>(`SELECT ${COLUMNS} FROM connections WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0];
}

/** With its encrypted parts: for an update that keeps some of them. */
export async function findConnectionWithSecrets(db: Queryable, userId: string, id: string): Promise<ConnectionSecretRow | undefined> {
  const { rows } = await db.query<ConnectionSecretRow>(`SELECT ${COLUMNS}, secrets FROM connections WHERE id = $1 AND user_id = $2`, [id, userId]);
  return rows[0];
}

/** By its exact name, with its encrypted parts: what a step that names it resolves (server/engine). */
export async function findConnectionByName(db: Queryable, userId: string, name: string): Promise<ConnectionSecretRow | undefined> {
  const { rows } = await db.query<ConnectionSecretRow>(`SELECT ${COLUMNS}, secrets FROM connections WHERE user_id = $1 AND name = $2`, [userId, name]);
  return rows[0];
}

export interface ConnectionWrite {
  name: string;
  type: ConnectionType;
  config: ConnectionConfig;
  /** Already encrypted, one by one. */
  secrets: string[];
}

export type InsertOutcome = { row: ConnectionRow } | { refused: 'duplicate' | 'too-many' };

/**
 * Inserts unless the name is taken (in any case) or the user already has MAX_CONNECTIONS_PER_USER. The
 * user's row is locked while counting, so two creates at once cannot both pass the limit.
 */
export async function insertConnection(db: Database, userId: string, write: ConnectionWrite): Promise<InsertOutcome> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: counted } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM connections WHERE user_id = $1', [userId]);
      if ((counted[0]?.n ?? 0) >= MAX_CONNECTIONS_PER_USER) return { refused: 'too-many' as const };
      const { rows } = await tx.query<ConnectionRow>(
        `INSERT INTO connections (user_id, name, type, config, secrets) VALUES ($1, $2, $3, $4::jsonb, $5::text[]) RETURNING ${COLUMNS}`,
        [userId, write.name, write.type, JSON.stringify(write.config), write.secrets],
      );
      return { row: rows[0]! };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { refused: 'duplicate' };
    throw error;
  }
}

/** Updates, or answers undefined when the new name is taken (in any case). */
export async function updateConnection(db: Queryable, userId: string, id: string, write: ConnectionWrite): Promise<ConnectionRow | undefined> {
  try {
    const { rows } = await db.query<ConnectionRow>(
      `UPDATE connections SET name = $3, type = $4, config = $5::jsonb, secrets = $6::text[], updated = date_trunc('milliseconds', now())
       WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, write.name, write.type, JSON.stringify(write.config), write.secrets],
    );
    return rows[0];
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function deleteConnection(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM connections WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

/** Names and types of the user's connections, for the HTTP step's 'Connection' choices. */
export async function connectionChoices(db: Queryable, userId: string): Promise<Array<{ name: string; type: ConnectionType }>> {
  const { rows } = await db.query<{ name: string; type: ConnectionType }>('SELECT name, type FROM connections WHERE user_id = $1 ORDER BY lower(name), id', [
    userId,
  ]);
  return rows;
}
