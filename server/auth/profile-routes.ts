import type { FastifyInstance } from 'fastify';
import type { Authenticator } from './authenticate.ts';
import { toPublicUser } from './users.ts';

/** GET /api/profile: the signed-in user (SPEC §7). */
export function profileRoutes(authenticator: Authenticator) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/profile', async (request) => toPublicUser(await authenticator.userFromRequest(request)));
  };
}
