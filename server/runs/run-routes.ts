/** Executions and schedules (SPEC §7): GET /workflow/executions, /workflow/execution/{id}, /workflow/schedules. */
import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { executionsQuerySchema, nextRunOf, type WorkflowsForRuns } from '../workflows/runs-port.ts';
import { runNotFound } from './errors.ts';
import { findQueuedRun, findRun, findRunJson, lastRunTimes, listRuns } from './runs-repository.ts';
import { runLinks } from './run-retry.ts';
import { deleteRunRoutes } from './delete-routes.ts';

export interface RunRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  workflows: WorkflowsForRuns;
  scheduleMinIntervalMs?: number;
}

export function runRoutes({ db, authenticator, workflows, scheduleMinIntervalMs }: RunRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    await deleteRunRoutes({ db, authenticator })(app);

    app.get('/workflow/executions', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(executionsQuerySchema, request.query);
      const { data, total } = await listRuns(db, user.id, {
        page: query.page,
        limit: query.limit,
        workflowId: query.workflow_id,
        status: query.status,
        from: query.from,
        to: query.to,
        startedBy: query.started_by,
      });
      return { data, total, page: query.page, limit: query.limit };
    });

    app.get('/workflow/execution/:id', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      // Claiming moves a run from the queue into flow_runs in one transaction, so it is in one or the other.
      const [stored, links] = await Promise.all([findRunJson(db, user.id, id), runLinks(db, user.id, id)]);
      // The retry links both ways (issue 15), spliced after the steps as the run's JSON is.
      if (stored !== undefined) return reply.type('application/json; charset=utf-8').send(`${stored.slice(0, -1)},${JSON.stringify(links).slice(1)}`);
      const run = (await findQueuedRun(db, user.id, id)) ?? (await findRun(db, user.id, id));
      if (!run) throw runNotFound();
      return { ...run, ...links };
    });

    app.get('/workflow/schedules', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const scheduled = await workflows.scheduledFlows(user.id);
      const lastRuns = await lastRunTimes(db, scheduled.map(({ flow }) => flow.id));
      const now = new Date();
      return {
        data: scheduled.map(({ flow, schedule }) => ({
          workflowId: flow.id,
          workflowName: flow.display_name,
          cronExpression: schedule.cronExpression,
          timezone: schedule.timezone,
          // A paused (disabled) schedule has no next run until it is resumed.
          nextRun: flow.status === 'ENABLED' ? nextRunOf(schedule, now, scheduleMinIntervalMs) : null,
          lastRun: lastRuns.get(flow.id) ?? null,
          status: flow.status,
        })),
      };
    });
  };
}
