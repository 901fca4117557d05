/** Sign-up, sign-in (password and Google), refresh and sign-out: SPEC §7 under /api/auth. */
import type { FastifyInstance } from 'fastify';
import {
  googleLoginRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  UI_MESSAGES,
} from '../../src/domain/index.ts';
import { logoutAllBodySchema } from '../../src/domain/contract/index.ts';
import { ApiError } from '../shared/api-error.ts';
import { parse } from '../http/validate.ts';
import { AUTH_BODY_LIMIT, type AuthDependencies } from './dependencies.ts';
import { GoogleTokenError } from './google.ts';
import { userForGoogleIdentity } from './google-accounts.ts';
import { hashPassword, spendVerificationTime, verifyPassword } from './passwords.ts';
import { bucketKey, clearRateLimit, enforceRateLimits } from './rate-limit.ts';
import { revokeFamilyOfToken, rotateRefreshToken } from './refresh-tokens.ts';
import { endAllSessions, endSession } from './session-end.ts';
import { startSession } from './sessions.ts';
import { emailKey, findUserByEmail, insertUser, tokenGeneration, toPublicUser } from './users.ts';

const existingUser = () => new ApiError(409, 'EXISTING_USER', UI_MESSAGES.emailExists);
const invalidCredentials = () => new ApiError(401, 'INVALID_CREDENTIALS', UI_MESSAGES.invalidEmailOrPassword);
const googleFailed = () => new ApiError(401, 'INVALID_CREDENTIALS', 'Google sign-in failed');
const sessionExpired = () =>
  new ApiError(401, 'SESSION_EXPIRED', 'Your session has expired. Please sign in again.');
/** 409, not 401: the session is fine, another tab just renewed it (see refresh-tokens.ts). */
const renewedElsewhere = () =>
  new ApiError(409, 'SESSION_EXPIRED', 'This session was just renewed in another tab. Use the new tokens.');

export function authRoutes(deps: AuthDependencies) {
  const { db, accessTokens, authenticator, rateLimits, hub } = deps;
  /** Counted per client address before any work, like sign-in: a stranger can knock here unsigned. */
  const perIp = (scope: string, ip: string, rule: (typeof rateLimits)['loginPerIp']) =>
    enforceRateLimits(db, [{ bucket: bucketKey(scope, ip), rule }]);

  return async function register(app: FastifyInstance): Promise<void> {
    const options = { bodyLimit: AUTH_BODY_LIMIT };

    app.post('/register', options, async (request, reply) => {
      const body = parse(registerRequestSchema, request.body);
      await perIp('register:ip', request.ip, rateLimits.registerPerIp);
      // Checked first so a taken address does not cost an argon2 hash; the insert still decides races.
      if (await findUserByEmail(db, body.email)) throw existingUser();
      const user = await insertUser(db, { ...body, passwordHash: await hashPassword(body.password) });
      if (!user) throw existingUser();
      return reply.code(201).send({ data: { user: toPublicUser(user) } });
    });

    app.post('/login', options, async (request) => {
      const body = parse(loginRequestSchema, request.body);
      const emailBucket = bucketKey('login:email', emailKey(body.email));
      await enforceRateLimits(db, [
        { bucket: bucketKey('login:ip', request.ip), rule: rateLimits.loginPerIp },
        { bucket: emailBucket, rule: rateLimits.loginPerEmail },
      ]);
      const user = await findUserByEmail(db, body.email);
      const passwordMatches = user?.password_hash
        ? await verifyPassword(user.password_hash, body.password)
        : await spendVerificationTime(body.password);
      if (!user || !passwordMatches) throw invalidCredentials();
      // The owner got in: their address's counter starts over. The IP's does not.
      await clearRateLimit(db, emailBucket);
      const tokens = await startSession(db, accessTokens, user.id, body.remember);
      return { ...tokens, user: toPublicUser(user) };
    });

    app.post('/google', options, async (request) => {
      const body = parse(googleLoginRequestSchema, request.body);
      if (!deps.google) throw new ApiError(400, 'FEATURE_DISABLED', 'Google sign-in is not configured');
      await perIp('google:ip', request.ip, rateLimits.googlePerIp);
      let identity;
      try {
        identity = await deps.google.verify(body.credentials);
      } catch (error) {
        if (!(error instanceof GoogleTokenError)) throw error;
        request.log.info({ reason: error.reason }, 'Google sign-in refused');
        throw googleFailed();
      }
      const user = await userForGoogleIdentity(db, identity);
      if (!user) throw googleFailed();
      const tokens = await startSession(db, accessTokens, user.id, true);
      return { ...tokens, user: toPublicUser(user) };
    });

    app.post('/refresh', options, async (request) => {
      const body = parse(refreshRequestSchema, request.body);
      await perIp('refresh:ip', request.ip, rateLimits.refreshPerIp);
      const rotation = await rotateRefreshToken(db, body.refresh_token, deps.refreshReuseGraceSeconds);
      if (!rotation.ok) throw rotation.reason === 'recently-rotated' ? renewedElsewhere() : sessionExpired();
      const generation = await tokenGeneration(db, rotation.userId);
      const access_token = await accessTokens.issue({ userId: rotation.userId, sessionId: rotation.familyId, generation });
      return { access_token, refresh_token: rotation.token };
    });

    app.post('/logout', options, async (request) => {
      const { user, sessionId } = await authenticator.sessionFromRequest(request);
      const body = parse(logoutRequestSchema, request.body === undefined ? {} : request.body);
      // The presented refresh token's session, if it is the caller's, and always the access token's own.
      const presented = body.refresh_token ? await revokeFamilyOfToken(db, body.refresh_token, user.id) : undefined;
      if (presented && presented !== sessionId) await hub.endSessions(user.id, presented);
      await endSession(db, hub, user.id, sessionId);
      return { success: true };
    });

    app.post('/logout-all', options, async (request) => {
      // A signed-in session only: ending every session is not an API key's to do.
      const { user } = await authenticator.sessionFromRequest(request);
      parse(logoutAllBodySchema, request.body);
      await endAllSessions(db, hub, user.id);
      return { success: true };
    });
  };
}
