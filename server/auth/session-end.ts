/**
 * Ending sessions at once. A refresh token is checked in the database on every use, but an access token
 * and an open socket live on their own for up to 15 minutes; these helpers end those too:
 * - every session of a user (password reset or change, 'Sign out of all devices'): the user's token
 *   generation is bumped, so each access token minted before fails its next request, every refresh
 *   token is revoked, and the user's sockets in every server process are closed;
 * - one session (logout): its refresh-token family is revoked, which the per-request check sees, and
 *   the sockets authenticated with that session's tokens are closed.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { LiveHub } from '../live/live-hub.ts';
import { revokeAllRefreshTokens, revokeSession } from './refresh-tokens.ts';

/**
 * The database half of ending every session; run it in the transaction that changes the password (a
 * reset, server/auth/password-reset.ts; a change, server/account/password-change.ts).
 */
export async function revokeAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET token_generation = token_generation + 1, updated_at = now() WHERE id = $1', [userId]);
  await revokeAllRefreshTokens(db, userId);
}

/** Ends every session of the user ('Sign out of all devices'), sockets included. */
export async function endAllSessions(db: Database, hub: LiveHub, userId: string): Promise<void> {
  await db.transaction((tx) => revokeAllSessions(tx, userId));
  await hub.endSessions(userId);
}

export async function endSession(db: Queryable, hub: LiveHub, userId: string, sessionId: string): Promise<void> {
  await revokeSession(db, userId, sessionId);
  await hub.endSessions(userId, sessionId);
}
