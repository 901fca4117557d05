/**
 * Connections under /api/connections: list, create, read, update, delete, "where is this used?" and a
 * test call. Secret parts are write-only: each is encrypted with the values key as it is stored, an update
 * keeps any it leaves out, and no reply carries one (the replies are built from rows that hold none).
 *
 * Steps name a connection, so a connection that steps use cannot be renamed, and deleting one asks for
 * `force=true` after the caller has seen where it is used (GET …/usage). The test call GETs an address the
 * user gives through the HTTP step's own action (the engine), limited per user per minute.
 */
import type { FastifyInstance } from 'fastify';
import {
  CONNECTION_MESSAGES,
  CONNECTION_TESTS_PER_MINUTE,
  updateConnectionBodySchema,
} from '../../src/domain/contract/connections.ts';
import { createConnectionBodySchema, deleteConnectionQuerySchema, testConnectionBodySchema } from '../../src/domain/contract/requests.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import { bucketKey, enforceRateLimits } from '../auth/rate-limit.ts';
import type { Database } from '../db/database.ts';
import type { Engine } from '../engine/engine.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../shared/api-error.ts';
import type { ValueCipher } from '../variables/encryption.ts';
import { toConnectionDto } from './mapping.ts';
import {
  deleteConnection,
  findConnection,
  findConnectionWithSecrets,
  insertConnection,
  listConnections,
  updateConnection,
  type ConnectionSecretRow,
} from './repository.ts';
import { partsOfNew, partsOfUpdate, type ConnectionParts } from './secret-parts.ts';
import { connectionUsage, type UsageRow } from './usage-repository.ts';

export interface ConnectionDependencies {
  db: Database;
  authenticator: Authenticator;
  cipher: ValueCipher;
  engine: Pick<Engine, 'testConnection'>;
}

const notFound = () => new ApiError(404, 'ENTITY_NOT_FOUND', CONNECTION_MESSAGES.notFound);
const duplicateName = () =>
  new ApiError(409, 'VALIDATION', CONNECTION_MESSAGES.duplicateName, { errors: { name: [CONNECTION_MESSAGES.duplicateName] } });

const usageReply = (rows: UsageRow[]) => ({
  workflows: rows.map((row) => ({ id: row.flow_id, name: row.name, draft: row.draft, published: row.published, steps: row.steps })),
});

export function connectionRoutes({ db, authenticator, cipher, engine }: ConnectionDependencies) {
  const encrypted = (parts: ConnectionParts) => ({ type: parts.type, config: parts.config, secrets: parts.secrets.map((part) => cipher.encrypt(part)) });

  /** The stored parts in plain text; a part no key decrypts reads as empty (an update must then give it again). */
  const plainParts = (row: ConnectionSecretRow): ConnectionParts => ({
    type: row.type,
    config: row.config,
    secrets: row.secrets.map((part) => {
      try {
        return cipher.decrypt(part);
      } catch {
        return '';
      }
    }),
  });

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/connections', async (request) => {
      const user = await authenticator.userFromRequest(request);
      return { data: (await listConnections(db, user.id)).map(toConnectionDto) };
    });

    // A read-only API key is refused with SPEC §6's sentence (authenticate.ts reads the route's config).
    app.post('/connections', { config: { readOnlyKeyMessage: CONNECTION_MESSAGES.permissionDenied } }, async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createConnectionBodySchema, request.body);
      const parts = partsOfNew(body.type, body);
      const outcome = await insertConnection(db, user.id, { name: body.name, ...encrypted(parts) });
      if ('refused' in outcome) {
        if (outcome.refused === 'duplicate') throw duplicateName();
        throw new ApiError(409, 'VALIDATION', CONNECTION_MESSAGES.tooMany);
      }
      return reply.code(201).send(toConnectionDto(outcome.row));
    });

    app.get('/connections/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const row = await findConnection(db, user.id, id);
      if (!row) throw notFound();
      return toConnectionDto(row);
    });

    app.put('/connections/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(updateConnectionBodySchema, request.body);
      const existing = await findConnectionWithSecrets(db, user.id, id);
      if (!existing) throw notFound();
      const parts = partsOfUpdate(plainParts(existing), body);
      if (parts.secrets.some((part) => part === '')) {
        // Only a part no key could decrypt is kept empty: the update has to give it again.
        throw new ApiError(400, 'VALIDATION', CONNECTION_MESSAGES.unexpected, { errors: { _: [CONNECTION_MESSAGES.unexpected] } });
      }
      const name = body.name ?? existing.name;
      if (name !== existing.name && (await connectionUsage(db, user.id, existing.name)).length > 0) {
        throw new ApiError(409, 'VALIDATION', CONNECTION_MESSAGES.renameInUse, { errors: { name: [CONNECTION_MESSAGES.renameInUse] } });
      }
      const row = await updateConnection(db, user.id, existing.id, { name, ...encrypted(parts) });
      if (!row) throw duplicateName();
      return toConnectionDto(row);
    });

    app.delete('/connections/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const { force } = parse(deleteConnectionQuerySchema, request.query);
      const existing = await findConnection(db, user.id, id);
      if (!existing) throw notFound();
      if (!force && (await connectionUsage(db, user.id, existing.name)).length > 0) {
        throw new ApiError(409, 'VALIDATION', CONNECTION_MESSAGES.inUse);
      }
      if (!(await deleteConnection(db, user.id, existing.id))) throw notFound();
      return { success: true };
    });

    app.get('/connections/:id/usage', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const existing = await findConnection(db, user.id, id);
      if (!existing) throw notFound();
      return usageReply(await connectionUsage(db, user.id, existing.name));
    });

    app.post('/connections/:id/test', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(testConnectionBodySchema, request.body);
      const existing = await findConnection(db, user.id, id);
      if (!existing) throw notFound();
      await enforceRateLimits(db, [{ bucket: bucketKey('connection-test', user.id), rule: { max: CONNECTION_TESTS_PER_MINUTE, windowMs: 60_000 } }]);
      // The call stops when the caller leaves; its own time limit is the engine's (connection-test.ts).
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      return engine.testConnection(user.id, existing.name, body.url, left.signal);
    });
  };
}
