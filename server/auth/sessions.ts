import type { TokenPair } from '../../src/domain/index.ts';
import type { Queryable } from '../db/database.ts';
import type { AccessTokens } from './access-tokens.ts';
import { issueRefreshToken } from './refresh-tokens.ts';

/** A sign-in: a short-lived access token and the first refresh token of a new family. */
export async function startSession(
  db: Queryable,
  accessTokens: AccessTokens,
  userId: string,
  remember: boolean,
): Promise<TokenPair> {
  const [access_token, refresh_token] = await Promise.all([
    accessTokens.issue(userId),
    issueRefreshToken(db, userId, remember),
  ]);
  return { access_token, refresh_token };
}
