import type { TokenPair } from '../../src/domain/index.ts';
import type { Queryable } from '../db/database.ts';
import type { AccessTokens } from './access-tokens.ts';
import { issueRefreshToken } from './refresh-tokens.ts';
import { tokenGeneration } from './users.ts';

/** A sign-in: a short-lived access token and the first refresh token of a new family (the session). */
export async function startSession(
  db: Queryable,
  accessTokens: AccessTokens,
  userId: string,
  remember: boolean,
): Promise<TokenPair> {
  const [refresh, generation] = await Promise.all([issueRefreshToken(db, userId, remember), tokenGeneration(db, userId)]);
  const access_token = await accessTokens.issue({ userId, sessionId: refresh.familyId, generation });
  return { access_token, refresh_token: refresh.token };
}
