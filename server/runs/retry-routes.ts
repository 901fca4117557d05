/** POST /workflow/execution/{id}/retry (issue 15): 'Retry from failed step' and 'Run again on the latest version'. */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { retryRunBodySchema } from '../../src/domain/contract/runs.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import type { WorkflowsForRuns } from '../workflows/runs-port.ts';
import { quotaExceeded } from './errors.ts';
import { retryRun, runLinks } from './run-retry.ts';
import type { Runs } from './runs.ts';
import { findQueuedRun, findRun } from './runs-repository.ts';

export interface RetryRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  runs: Pick<Runs, 'start'>;
  workflows: WorkflowsForRuns;
}

export function retryRoutes({ db, authenticator, runs, workflows }: RetryRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/workflow/execution/:id/retry', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const { strategy } = parse(retryRunBodySchema, request.body);
      const started = await retryRun({ db, runs, workflows }, user.id, id, strategy);
      if (!started.queued) throw quotaExceeded();
      const run = (await findQueuedRun(db, user.id, started.runId)) ?? (await findRun(db, user.id, started.runId));
      return reply.code(202).send({ ...run, ...(await runLinks(db, user.id, started.runId)) });
    });
  };
}
