/**
 * api_keys: a user's keys, always filtered by the owner, and the one lookup by secret digest that
 * authenticates a request. The secret itself is never stored or selected.
 */
import type { ApiKeyScope } from '../../src/domain/contract/api-keys.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { UserRow } from '../auth/users.ts';

export interface ApiKeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  /** Computed by the database's clock, so every process agrees. */
  expired: boolean;
}

const COLUMNS = `id, user_id, name, prefix, scope, created_at, expires_at, last_used_at,
  (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

export async function listApiKeys(db: Queryable, userId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC, id`, [userId]);
  return rows;
}

export interface NewApiKey {
  name: string;
  prefix: string;
  secretHash: string;
  scope: ApiKeyScope;
  expiresAt: Date | null;
}

/**
 * Inserts the key unless the user already holds `max`: the user's row is locked first, so two
 * concurrent creations cannot both pass the count. Undefined when the user is at the limit.
 */
export async function insertApiKey(db: Database, userId: string, key: NewApiKey, max: number): Promise<ApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const { rows: counted } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [userId]);
    if ((counted[0]?.n ?? 0) >= max) return undefined;
    const { rows } = await tx.query<ApiKeyRow>(
      `INSERT INTO api_keys (user_id, name, prefix, secret_hash, scope, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [userId, key.name, key.prefix, key.secretHash, key.scope, key.expiresAt],
    );
    return rows[0];
  });
}

export async function deleteApiKey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM api_keys WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

export interface KeyHolderRow extends UserRow {
  key_id: string;
  key_scope: ApiKeyScope;
  key_expired: boolean;
  /** Whether last_used_at is due to be written (never, or over a minute ago). */
  key_use_due: boolean;
}

/** The key with this digest and its owner, in one round trip (expired keys too: the caller refuses them). */
export async function findKeyHolder(db: Queryable, secretHash: string): Promise<KeyHolderRow | undefined> {
  const { rows } = await db.query<KeyHolderRow>(
    `SELECT u.id, u.name, u.email, u.password_hash, u.google_sub, u.created_at,
       k.id AS key_id, k.scope AS key_scope,
       (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS key_expired,
       (k.last_used_at IS NULL OR k.last_used_at <= now() - interval '1 minute') AS key_use_due
     FROM api_keys k JOIN users u ON u.id = k.user_id
     WHERE k.secret_hash = $1`,
    [secretHash],
  );
  return rows[0];
}

/** Marks the key used; the condition keeps two processes racing on one key to one write a minute. */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = date_trunc('milliseconds', now())
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute')`,
    [id],
  );
}
