/**
 * Before an account change that could hand the account to someone else (a new address, a new password,
 * deletion), the caller proves to be its owner, not just the holder of a token:
 * - with the account's password, checked at most `RATE_LIMIT_ACCOUNT_PASSWORD_MAX` times per window per
 *   user (counted in the shared rate_limits table, so every process sees them; a correct password starts
 *   the count over, as sign-in does), so a stolen token cannot be used to guess the password;
 * - without a password (signed up with Google), by a session that began at most FRESH_SIGN_IN_MINUTES ago:
 *   a token taken from an older session cannot do it, and signing in again with Google proves the owner.
 *
 * A wrong password is a 400 on the field, not a 401: the client answers a 401 by renewing its tokens
 * and sending again, and this refusal is about what was typed, not about the session.
 */
import { FRESH_SIGN_IN_MINUTES, PASSWORD_REQUIRED_MESSAGE, WRONG_PASSWORD_MESSAGE } from '../../src/domain/contract/account.ts';
import type { RateLimitRule } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { bucketKey, clearRateLimit, enforceRateLimits } from '../auth/rate-limit.ts';
import type { UserRow } from '../auth/users.ts';
import { ApiError, validationError } from '../shared/api-error.ts';
import { sessionFacts } from './account-repository.ts';

export const SIGN_IN_AGAIN_MESSAGE = `Please sign in again to make this change: an account without a password can make it only within ${FRESH_SIGN_IN_MINUTES} minutes of signing in.`;

export interface IdentityContext {
  db: Queryable;
  passwordLimit: RateLimitRule;
}

/** The rate-limit bucket of a user's account password checks. */
export const passwordCheckBucket = (userId: string) => bucketKey('account:password', userId);

/**
 * Resolves when the caller proved to own the account; otherwise throws: 400 VALIDATION (no password
 * given where one is needed), 400 INVALID_CREDENTIALS (wrong password), 429 (too many checks), or 403
 * SESSION_EXPIRED (a password-less account's session is too old). `field` names the password in the body.
 */
export async function proveOwner(
  context: IdentityContext,
  user: UserRow,
  sessionId: string,
  password: string | undefined,
  field: string,
): Promise<void> {
  if (!user.password_hash) {
    const { fresh } = await sessionFacts(context.db, user.id, sessionId);
    if (!fresh) throw new ApiError(403, 'SESSION_EXPIRED', SIGN_IN_AGAIN_MESSAGE);
    return;
  }
  // Refused before anything is counted: a form sent without its password is not a guess.
  if (password === undefined) throw validationError({ [field]: [PASSWORD_REQUIRED_MESSAGE] });
  const bucket = passwordCheckBucket(user.id);
  await enforceRateLimits(context.db, [{ bucket, rule: context.passwordLimit }]);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new ApiError(400, 'INVALID_CREDENTIALS', WRONG_PASSWORD_MESSAGE, { errors: { [field]: [WRONG_PASSWORD_MESSAGE] } });
  }
  await clearRateLimit(context.db, bucket);
}
