import type { TokenPair } from '../../src/domain/index.ts';
import type { Database } from '../db/database.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import { revokeAllSessions } from '../auth/session-end.ts';
import { startSession } from '../auth/sessions.ts';
import { setPasswordHash } from '../auth/users.ts';

/**
 * Sets the new password and, in the same transaction, ends every session of the user (refresh tokens
 * revoked, the token generation bumped so every access token minted before fails its next request),
 * spends open reset links, and starts the one session the caller keeps: the tab that changed the
 * password stays signed in with the pair answered here. The caller then closes the user's sockets.
 */
export function changePassword(
  db: Database,
  accessTokens: AccessTokens,
  userId: string,
  passwordHash: string,
  remember: boolean,
): Promise<TokenPair> {
  return db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await revokeAllSessions(tx, userId);
    await tx.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return startSession(tx, accessTokens, userId, remember);
  });
}
