/**
 * Starting runs from the API (SPEC §7): POST /workflow/run/{id} (a manual run, answered with the queued
 * run) and GET /workflow/{id}/webhook (the URL a Webhook trigger listens on).
 */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { listSamples } from '../engine/step-samples.ts';
import { runBodySchema } from '../../src/domain/contract/index.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { ApiError } from '../shared/api-error.ts';
import { READ_ONLY_WEBHOOK_MESSAGE } from '../../src/domain/contract/api-keys.ts';
import { flowNotFound, versionNotFound, type WorkflowsForRuns } from '../workflows/runs-port.ts';
import { invalidVersion, quotaExceeded } from './errors.ts';
import type { Runs } from './runs.ts';
import { justQueuedRun } from './runs-repository.ts';
import { webhookUrl } from './webhook-routes.ts';

export interface RunStartRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  runs: Pick<Runs, 'start' | 'startOfFlow'>;
  workflows: WorkflowsForRuns;
  appUrl: string;
}

export function runStartRoutes({ db, authenticator, runs, workflows, appUrl }: RunStartRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/workflow/run/:id', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(runBodySchema, request.body);
      // With its payload given, a run is looked up and queued in one statement; without, the trigger's
      // sample is read first, between the lookup and the queueing.
      const given = body.payload !== undefined ? await runs.startOfFlow({ userId: user.id, flowId: id, versionId: body.version_id, payload: body.payload }) : undefined;
      const toRun = given ? given.toRun : await workflows.flowToRun(user.id, id, body.version_id);
      if (!toRun) throw flowNotFound();
      const { flow, version } = toRun;
      if (!version) throw versionNotFound();
      if (!version.valid) throw invalidVersion();
      const started =
        given?.started ??
        (await runs.start({ flowId: flow.id, versionId: version.id, userId: user.id, payload: (await listSamples(db, flow.id)).trigger?.output ?? {} }));
      if (!started.queued) throw quotaExceeded();
      return reply.code(202).send(justQueuedRun({ ...started, flowId: flow.id, workflowName: flow.name, versionId: version.id, startedBy: 'manual' }));
    });

    app.get('/workflow/:id/webhook', async (request) => {
      const { user, apiKey } = await authenticator.callerFromRequest(request);
      // The URL starts runs: reading it is not a read-only key's to do.
      if (apiKey?.scope === 'READ_ONLY') throw new ApiError(403, 'PERMISSION_DENIED', READ_ONLY_WEBHOOK_MESSAGE);
      const { id } = parse(idParamsSchema, request.params);
      const url = await webhookUrl(db, user.id, id, appUrl);
      if (!url) throw flowNotFound();
      return { url };
    });
  };
}
