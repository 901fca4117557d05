/** Forgotten passwords: SPEC §7 forgot-password and reset-password under /api/auth. */
import type { FastifyInstance } from 'fastify';
import {
  FORGOT_PASSWORD_REPLY,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
} from '../../src/domain/index.ts';
import { ApiError } from '../shared/api-error.ts';
import { parse } from '../http/validate.ts';
import { AUTH_BODY_LIMIT, type AuthDependencies } from './dependencies.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { bucketKey, enforceRateLimits } from './rate-limit.ts';
import { emailKey } from './users.ts';

export const PASSWORD_RESET_DONE = 'Your password has been reset.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';

export function passwordRoutes(deps: AuthDependencies) {
  const { db, rateLimits } = deps;

  return async function register(app: FastifyInstance): Promise<void> {
    const options = { bodyLimit: AUTH_BODY_LIMIT };

    app.post('/forgot-password', options, async (request) => {
      const body = parse(forgotPasswordRequestSchema, request.body);
      await enforceRateLimits(db, [
        { bucket: bucketKey('forgot:ip', request.ip), rule: rateLimits.forgotPerIp },
        { bucket: bucketKey('forgot:email', emailKey(body.email)), rule: rateLimits.forgotPerEmail },
      ]);
      await requestPasswordReset(deps, body.email);
      return { message: FORGOT_PASSWORD_REPLY };
    });

    app.post('/reset-password', options, async (request) => {
      const body = parse(resetPasswordRequestSchema, request.body);
      const userId = await resetPassword(db, body.token, body.password);
      if (!userId) throw new ApiError(400, 'INVALID_OR_EXPIRED_JWT_TOKEN', RESET_LINK_INVALID, { success: false });
      // Sessions ended in the reset's transaction; now close the user's open sockets everywhere.
      await deps.hub.endSessions(userId);
      return { success: true, message: PASSWORD_RESET_DONE };
    });
  };
}
