/**
 * API key management under /api/api-keys: list, create (the secret answered once), revoke. Only a
 * signed-in session may call these (`sessionFromRequest`; key-guard.ts refuses a key before the body is
 * read), and creating asks for the current password, because a key outlives every session: a stolen
 * access token alone must not be able to mint one.
 */
import type { FastifyInstance } from 'fastify';
import { API_KEYS_PER_USER, TOO_MANY_KEYS_MESSAGE } from '../../src/domain/contract/api-keys.ts';
import { createApiKeyBodySchema } from '../../src/domain/contract/requests.ts';
import { proveOwner } from '../account/identity.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { RateLimitRule } from '../config.ts';
import type { Database } from '../db/database.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../shared/api-error.ts';
import { toApiKeyDto } from './mapping.ts';
import { deleteApiKey, insertApiKey, listApiKeys } from './repository.ts';
import { newApiKeySecret } from './secrets.ts';

export interface ApiKeyRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  /** Password checks per user, shared with the account's changes: a stolen access token cannot guess the password here. */
  passwordLimit: RateLimitRule;
}

const keyNotFound = () => new ApiError(404, 'ENTITY_NOT_FOUND', 'API key not found');
const tooManyKeys = () => new ApiError(409, 'QUOTA_EXCEEDED', TOO_MANY_KEYS_MESSAGE);

export function apiKeyRoutes({ db, authenticator, passwordLimit }: ApiKeyRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/api-keys', async (request) => {
      const { user } = await authenticator.sessionFromRequest(request);
      const rows = await listApiKeys(db, user.id);
      return { data: rows.map(toApiKeyDto), max: API_KEYS_PER_USER, passwordRequired: user.password_hash !== null };
    });

    app.post('/api-keys', async (request, reply) => {
      const session = await authenticator.sessionFromRequest(request);
      const body = parse(createApiKeyBodySchema, request.body);
      // The person is at the keyboard: the current password, or for a Google-only account a fresh sign-in.
      await proveOwner({ db, passwordLimit }, session.user, session.sessionId, body.password || undefined, 'password');
      const key = newApiKeySecret();
      const row = await insertApiKey(
        db,
        session.user.id,
        { name: body.name, prefix: key.prefix, secretHash: key.hash, scope: body.scope, expiresAt: body.expires_at ? new Date(body.expires_at) : null },
        API_KEYS_PER_USER,
      );
      if (!row) throw tooManyKeys();
      // The one reply that holds the secret: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send({ apiKey: toApiKeyDto(row), secret: key.secret });
    });

    app.delete('/api-keys/:id', async (request) => {
      const { user } = await authenticator.sessionFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      if (!(await deleteApiKey(db, user.id, id))) throw keyNotFound();
      return { success: true };
    });
  };
}
