/**
 * Variables under /api/variables: global ones and those of one workflow. Names are unique per scope.
 * A sensitive value is write-only: stored encrypted, never sent back, never logged (the logger redacts
 * every `value` field, see server/http/logging.ts), and a sensitive variable stays sensitive.
 */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { ApiError, validationError } from '../shared/api-error.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { findFlow } from '../workflows/flows-repository.ts';
import { flowNotFound } from '../workflows/errors.ts';
import type { ValueCipher } from './encryption.ts';
import { toVariableDto } from './mapping.ts';
import {
  deleteVariable,
  findVariable,
  insertVariable,
  listVariables,
  storedValue,
  updateVariable,
  type VariableRow,
  type VariableWrite,
} from './repository.ts';
import {
  createBodySchema,
  DUPLICATE_NAME_MESSAGE,
  listQuerySchema,
  STAYS_SENSITIVE_MESSAGE,
  updateBodySchema,
  valueProblem,
} from './schemas.ts';

export interface VariableDependencies {
  db: Database;
  authenticator: Authenticator;
  cipher: ValueCipher;
}

const duplicateName = () =>
  new ApiError(409, 'VALIDATION', DUPLICATE_NAME_MESSAGE, { errors: { name: [DUPLICATE_NAME_MESSAGE] } });
const variableNotFound = () => new ApiError(404, 'ENTITY_NOT_FOUND', 'Variable not found');

export function variableRoutes({ db, authenticator, cipher }: VariableDependencies) {
  /** The workflow scope named by a request: null (global) or one of the user's flows, else 404. */
  async function scopeOf(userId: string, workflowId: string | null | undefined): Promise<string | null> {
    if (!workflowId) return null;
    const flow = await findFlow(db, userId, workflowId);
    if (!flow) throw flowNotFound();
    return flow.id;
  }

  const storeValue = (value: string, sensitive: boolean): string => (sensitive ? cipher.encrypt(value) : value);

  /** The plain value an update keeps when it sends none. */
  async function currentValue(row: VariableRow): Promise<string> {
    if (!row.sensitive) return row.value ?? '';
    return cipher.decrypt(await storedValue(db, row.id));
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/variables', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(listQuerySchema, request.query);
      const flowId = await scopeOf(user.id, query.workflow_id);
      return { data: (await listVariables(db, user.id, flowId)).map(toVariableDto) };
    });

    app.post('/variables', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createBodySchema, request.body);
      const flowId = await scopeOf(user.id, body.workflow_id);
      const sensitive = body.sensitive ?? false;
      const row = await insertVariable(db, user.id, flowId, {
        name: body.name,
        type: body.type,
        storedValue: storeValue(body.value, sensitive),
        sensitive,
        status: body.status ?? 'ACTIVE',
        description: body.description ?? '',
      });
      if (!row) throw duplicateName();
      return reply.code(201).send(toVariableDto(row));
    });

    app.get('/variables/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const row = await findVariable(db, user.id, id);
      if (!row) throw variableNotFound();
      return toVariableDto(row);
    });

    app.put('/variables/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(updateBodySchema, request.body);
      const existing = await findVariable(db, user.id, id);
      if (!existing) throw variableNotFound();
      if (existing.sensitive && body.sensitive === false) {
        throw new ApiError(400, 'VALIDATION', STAYS_SENSITIVE_MESSAGE, { errors: { sensitive: [STAYS_SENSITIVE_MESSAGE] } });
      }
      const type = body.type ?? existing.type;
      const sensitive = body.sensitive ?? existing.sensitive;
      const value = body.value ?? (await currentValue(existing));
      const problem = valueProblem(type, value);
      if (problem) throw validationError({ value: [problem] });
      const write: VariableWrite = {
        name: body.name ?? existing.name,
        type,
        storedValue: storeValue(value, sensitive),
        sensitive,
        status: body.status ?? existing.status,
        description: body.description ?? existing.description,
      };
      const row = await updateVariable(db, existing.id, write);
      if (!row) throw duplicateName();
      return toVariableDto(row);
    });

    app.delete('/variables/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      if (!(await deleteVariable(db, user.id, id))) throw variableNotFound();
      return { success: true };
    });
  };
}
