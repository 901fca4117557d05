/**
 * The signed-in user's own account under /api/account (the /settings/profile screen): read it, rename,
 * change the sign-in address (through a mailed link), change the password, delete the account.
 *
 * Every route takes a signed-in session's access token only (`sessionFromRequest`), never an API key:
 * these change who may sign in as the account, which no key may do. Changes that could hand the account to
 * someone else first make the caller prove to be its owner (identity.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailBodySchema,
  deleteAccountBodySchema,
  SAME_EMAIL_MESSAGE,
  updateNameBodySchema,
  type Account,
} from '../../src/domain/contract/account.ts';
import { UI_MESSAGES } from '../../src/domain/index.ts';
import type { RateLimitRule, RateLimitSettings } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AccessTokens } from '../auth/access-tokens.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import { AUTH_BODY_LIMIT } from '../auth/dependencies.ts';
import { hashPassword } from '../auth/passwords.ts';
import { bucketKey, enforceRateLimits } from '../auth/rate-limit.ts';
import { emailKey, findUserByEmail, toPublicUser } from '../auth/users.ts';
import { parse } from '../http/validate.ts';
import { ApiError, validationError } from '../shared/api-error.ts';
import { deleteUser, renameUser, sessionFacts } from './account-repository.ts';
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from './email-change.ts';
import { proveOwner } from './identity.ts';
import { changePassword } from './password-change.ts';

export const EMAIL_LINK_INVALID = 'This email confirmation link is invalid or has expired. It works once, within an hour, in the account that asked for it.';

export interface AccountDependencies {
  db: Database;
  authenticator: Authenticator;
  accessTokens: AccessTokens;
  mailer: Mailer;
  /** Closes the sockets of sessions that end (a password change, a deleted account). */
  hub: LiveHub;
  appUrl: string;
  /** RATE_LIMIT_ACCOUNT_PASSWORD_*: password checks per user. */
  passwordLimit: RateLimitRule;
  /** Email-change mails share the reset mails' per-address limit (RATE_LIMIT_FORGOT_EMAIL_*). */
  rateLimits: Pick<RateLimitSettings, 'forgotPerEmail'>;
  /** An account and its workflows are gone: schedules re-read, its runs going on stop. */
  onAccountDeleted: () => void;
}

const emailTaken = () => new ApiError(409, 'EXISTING_USER', UI_MESSAGES.emailExists, { errors: { email: [UI_MESSAGES.emailExists] } });
const linkInvalid = () => new ApiError(400, 'INVALID_OR_EXPIRED_JWT_TOKEN', EMAIL_LINK_INVALID);
/** The session checked out but its user row went between two statements (deleted meanwhile). */
const sessionGone = () => new ApiError(401, 'INVALID_OR_EXPIRED_JWT_TOKEN', 'Your session has expired');

export function accountRoutes(deps: AccountDependencies) {
  const { db, authenticator, hub } = deps;
  const identity = { db, passwordLimit: deps.passwordLimit };

  return async function register(app: FastifyInstance): Promise<void> {
    const options = { bodyLimit: AUTH_BODY_LIMIT };

    app.get('/account', async (request): Promise<Account> => {
      const { user, sessionId } = await authenticator.sessionFromRequest(request);
      const [pendingEmail, session] = await Promise.all([pendingEmailChange(db, user.id), sessionFacts(db, user.id, sessionId)]);
      return {
        user: toPublicUser(user),
        hasPassword: user.password_hash !== null,
        googleLinked: user.google_sub !== null,
        pendingEmail,
        sensitiveChangesUntil: user.password_hash === null && session.freshUntil ? new Date(session.freshUntil).toISOString() : null,
      };
    });

    app.put('/account/name', options, async (request) => {
      const { user } = await authenticator.sessionFromRequest(request);
      const body = parse(updateNameBodySchema, request.body);
      const renamed = await renameUser(db, user.id, body.name);
      if (!renamed) throw sessionGone();
      return { user: toPublicUser(renamed) };
    });

    app.post('/account/email', options, async (request) => {
      const { user, sessionId } = await authenticator.sessionFromRequest(request);
      const body = parse(changeEmailBodySchema, request.body);
      if (emailKey(body.email) === emailKey(user.email)) throw validationError({ email: [SAME_EMAIL_MESSAGE] });
      await proveOwner(identity, user, sessionId, body.password, 'password');
      // Checked when asking (so the person learns at once) and again when the link is followed.
      if (await findUserByEmail(db, body.email)) throw emailTaken();
      // A mail goes to an address the caller typed: limited per account and per address, like reset mails.
      await enforceRateLimits(db, [
        { bucket: bucketKey('email-change:user', user.id), rule: deps.rateLimits.forgotPerEmail },
        { bucket: bucketKey('email-change:to', emailKey(body.email)), rule: deps.rateLimits.forgotPerEmail },
      ]);
      const pendingEmail = await requestEmailChange(deps, user, body.email);
      return { message: `We sent a link to ${pendingEmail.email}. Your email changes when you open it.`, pendingEmail };
    });

    app.post('/account/email/confirm', options, async (request) => {
      const { user } = await authenticator.sessionFromRequest(request);
      const body = parse(confirmEmailBodySchema, request.body);
      const result = await confirmEmailChange(db, user.id, body.token);
      if (!result.ok) throw result.reason === 'taken' ? emailTaken() : linkInvalid();
      return { user: toPublicUser(result.user) };
    });

    app.put('/account/password', options, async (request) => {
      const { user, sessionId } = await authenticator.sessionFromRequest(request);
      const body = parse(changePasswordBodySchema, request.body);
      await proveOwner(identity, user, sessionId, body.current_password, 'current_password');
      // Hashed outside the transaction: argon2 takes a while, and PGlite's one connection would wait for it.
      const [passwordHash, session] = await Promise.all([hashPassword(body.new_password), sessionFacts(db, user.id, sessionId)]);
      const tokens = await changePassword(db, deps.accessTokens, user.id, passwordHash, session.remember);
      // Every session ended in the transaction; now their sockets close, in every process.
      await hub.endSessions(user.id);
      return tokens;
    });

    app.post('/account/delete', options, async (request) => {
      const { user, sessionId } = await authenticator.sessionFromRequest(request);
      const body = parse(deleteAccountBodySchema, request.body);
      await proveOwner(identity, user, sessionId, body.password, 'password');
      if (!(await deleteUser(db, user.id))) throw sessionGone();
      await hub.endSessions(user.id);
      deps.onAccountDeleted();
      return { success: true };
    });
  };
}
