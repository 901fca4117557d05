/**
 * idempotency_keys: one row per user and key. A request claims its key with an insert (the primary key
 * decides races, on PGlite and on PostgreSQL alike), then either stores its answer or gives the claim
 * back. Each write names the claim, so a request whose stale claim was taken over cannot overwrite the
 * newer one.
 */
import type { Queryable } from '../db/database.ts';

export interface StoredAnswer {
  fingerprint: string;
  /** Null while the first request is still running. */
  status: number | null;
  content_type: string | null;
  body: Uint8Array | null;
  /** A claim older than the stale limit: its request is taken to have died. */
  stale: boolean;
}

/** Claims the key; false when a row exists already (read it with `findAnswer`). */
export async function claimKey(db: Queryable, userId: string, key: string, fingerprint: string, claim: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO idempotency_keys (user_id, key, fingerprint, claim) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, key) DO NOTHING RETURNING claim`,
    [userId, key, fingerprint, claim],
  );
  return rows.length > 0;
}

export async function findAnswer(db: Queryable, userId: string, key: string, staleSeconds: number): Promise<StoredAnswer | undefined> {
  const { rows } = await db.query<StoredAnswer>(
    `SELECT fingerprint, status, content_type, body, claimed_at < now() - $3::float8 * interval '1 second' AS stale
     FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
    [userId, key, staleSeconds],
  );
  return rows[0];
}

/** Takes over a claim whose request died (still unanswered past the stale limit); false if another did first. */
export async function takeOverStaleClaim(db: Queryable, userId: string, key: string, claim: string, staleSeconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE idempotency_keys SET claim = $3, claimed_at = now(), created_at = now()
     WHERE user_id = $1 AND key = $2 AND status IS NULL AND claimed_at < now() - $4::float8 * interval '1 second'
     RETURNING claim`,
    [userId, key, claim, staleSeconds],
  );
  return rows.length > 0;
}

export async function storeAnswer(db: Queryable, userId: string, key: string, claim: string, answer: { status: number; contentType: string | null; body: Buffer }): Promise<void> {
  await db.query(
    `UPDATE idempotency_keys SET status = $4, content_type = $5, body = $6
     WHERE user_id = $1 AND key = $2 AND claim = $3`,
    [userId, key, claim, answer.status, answer.contentType, answer.body],
  );
}

export async function releaseClaim(db: Queryable, userId: string, key: string, claim: string): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND claim = $3 AND status IS NULL', [userId, key, claim]);
}
