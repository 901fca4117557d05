/**
 * Refresh tokens rotate on every use. Each sign-in starts a family; a refresh marks the presented token
 * used and issues the next one in the same family. A token presented a second time means it leaked (or a
 * stale tab raced): the whole family is revoked, including its newest token, and the user signs in again.
 *
 * Claiming a token is one `UPDATE ... WHERE used_at IS NULL ... RETURNING`, so of two concurrent
 * refreshes with one token exactly one wins.
 *
 * The loser of such a race is usually not a thief but the same person's other tab: tabs share one token
 * pair in localStorage, which Chromium propagates between tabs asynchronously, so a tab can present the
 * token its sibling rotated a moment ago. A token presented again within a short grace period of its
 * rotation is therefore refused ('recently-rotated': no tokens, nothing revoked) and the client waits for
 * the sibling's pair; presented any later, it revokes the family.
 */
import type { Database, Queryable } from '../db/database.ts';
import { newOpaqueToken, sha256Hex } from './secrets.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** "Remember me" keeps a session 30 days; without it, a day: roughly a browser session. */
export const REMEMBER_TTL_SECONDS = 30 * DAY_SECONDS;
export const SESSION_TTL_SECONDS = DAY_SECONDS;

function ttlSeconds(remember: boolean): number {
  return remember ? REMEMBER_TTL_SECONDS : SESSION_TTL_SECONDS;
}

/** A refresh token and its family, which is also the session id access tokens of it carry. */
export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

async function insertToken(db: Queryable, userId: string, familyId: string | null, remember: boolean): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const { rows } = await db.query<{ family_id: string }>(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, remember, expires_at)
     VALUES ($1, coalesce($2::uuid, gen_random_uuid()), $3, $4, now() + $5::float8 * interval '1 second')
     RETURNING family_id`,
    [sha256Hex(token), familyId, userId, remember, ttlSeconds(remember)],
  );
  if (!rows[0]) throw new Error('Refresh token insert returned no row');
  return { token, familyId: rows[0].family_id };
}

/** Starts a new family (a sign-in). */
export function issueRefreshToken(db: Queryable, userId: string, remember: boolean): Promise<IssuedRefreshToken> {
  return insertToken(db, userId, null, remember);
}

export type RotationResult =
  | { ok: true; userId: string; token: string; familyId: string }
  | { ok: false; reason: 'recently-rotated' | 'invalid' };

export function rotateRefreshToken(db: Database, token: string, reuseGraceSeconds: number): Promise<RotationResult> {
  const tokenHash = sha256Hex(token);
  // The family's revocation must commit even though the caller answers 401: return, do not throw.
  return db.transaction(async (tx): Promise<RotationResult> => {
    const claimed = await tx.query<{ family_id: string; user_id: string; remember: boolean }>(
      `UPDATE refresh_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       RETURNING family_id, user_id, remember`,
      [tokenHash],
    );
    const current = claimed.rows[0];
    if (current) {
      const next = await insertToken(tx, current.user_id, current.family_id, current.remember);
      return { ok: true, userId: current.user_id, token: next.token, familyId: next.familyId };
    }
    const { rows } = await tx.query<{ family_id: string; used_at: Date | null; revoked_at: Date | null; recent: boolean }>(
      `SELECT family_id, used_at, revoked_at, used_at > now() - $2::float8 * interval '1 second' AS recent
       FROM refresh_tokens WHERE token_hash = $1`,
      [tokenHash, reuseGraceSeconds],
    );
    const seen = rows[0];
    // Revoking a family marks every token of it, used ones included: no revoked_at means the family lives.
    if (seen?.used_at && !seen.revoked_at && seen.recent) return { ok: false, reason: 'recently-rotated' };
    if (seen && (seen.used_at || seen.revoked_at)) await revokeFamily(tx, seen.family_id);
    return { ok: false, reason: 'invalid' };
  });
}

async function revokeFamily(db: Queryable, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

/**
 * Ends the session the token belongs to, if it is the caller's; other people's tokens are left alone.
 * Answers the session (family) id, so its sockets can be closed too.
 */
export async function revokeFamilyOfToken(db: Queryable, token: string, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2',
    [sha256Hex(token), userId],
  );
  const familyId = rows[0]?.family_id;
  if (familyId) await revokeSession(db, userId, familyId);
  return familyId;
}

/**
 * Ends one session: its refresh tokens stop working, and so do its access tokens at their next request
 * (they carry the family id as their session id, checked in authenticate.ts).
 */
export async function revokeSession(db: Queryable, userId: string, familyId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND user_id = $2 AND revoked_at IS NULL', [
    familyId,
    userId,
  ]);
}

export async function revokeAllRefreshTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
