/** DELETE /workflow/execution/{id} and POST /workflow/executions/delete (issue 17): see run-deletion.ts. */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { deleteRunsBodySchema, RUN_STILL_GOING_MESSAGE } from '../../src/domain/contract/runs.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../shared/api-error.ts';
import { runNotFound } from './errors.ts';
import { deleteRuns } from './run-deletion.ts';

export const runStillGoing = (): ApiError => new ApiError(409, 'FLOW_OPERATION_INVALID', RUN_STILL_GOING_MESSAGE);

export function deleteRunRoutes({ db, authenticator }: { db: Database; authenticator: Authenticator }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.delete('/workflow/execution/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const outcome = await deleteRuns(db, user.id, [id]);
      if (outcome.running.length > 0) throw runStillGoing();
      if (outcome.deleted.length === 0) throw runNotFound();
      return { success: true as const };
    });

    app.post('/workflow/executions/delete', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { ids } = parse(deleteRunsBodySchema, request.body);
      return deleteRuns(db, user.id, ids);
    });
  };
}
