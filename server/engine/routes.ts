/**
 * Running from the API (SPEC §7): POST /workflow/run/{id} (a manual run, answered with the queued run),
 * POST /workflow/sample ('Test step'), GET /workflow/{id}/samples (the editor's sample data), POST
 * /workflow/options (dynamic choices of a piece input) and GET /workflow/{id}/webhook (the trigger's URL).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { idParamsSchema, idSchema, textSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { flowNotFound, versionNotFound } from '../workflows/errors.ts';
import { findFlow } from '../workflows/flows-repository.ts';
import { findQueuedRun, findRun } from '../workflows/runs-repository.ts';
import { flatFromRow } from '../workflows/service.ts';
import { findFlowVersion, findLatestVersion, findUserVersionHead } from '../workflows/versions-repository.ts';
import type { Engine } from './engine.ts';
import { invalidVersion, quotaExceeded } from './errors.ts';
import { pieceOptions } from './pieces/index.ts';
import { listSamples } from './step-samples.ts';
import { webhookUrl } from './webhook-routes.ts';

export interface EngineRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  engine: Engine;
  appUrl: string;
}


/** SPEC §9's request timeout: a test that takes longer has lost its caller anyway. */
export const TEST_STEP_TIMEOUT_MS = 30_000;

const inputSchema = z.record(z.string(), z.unknown());
export const runBodySchema = z
  .object({ payload: z.unknown().optional(), version_id: idSchema.optional() })
  .optional()
  .transform((body) => body ?? {});
export const sampleBodySchema = z.object({
  workflow_id: idSchema,
  version_id: idSchema,
  step_name: z.string().regex(/^(trigger|step_[1-9]\d{0,8})$/, 'Enter a step name'),
  input: inputSchema.optional(),
});
const name = textSchema(200, 1);
export const optionsBodySchema = z.object({
  piece_name: name,
  action_name: name.optional(),
  trigger_name: name.optional(),
  property_name: name,
  input: inputSchema.optional(),
  search: textSchema(200).optional(),
});

export function engineRoutes({ db, authenticator, engine, appUrl }: EngineRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/workflow/run/:id', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(runBodySchema, request.body);
      const flow = await findFlow(db, user.id, id);
      if (!flow) throw flowNotFound();
      // The version's head is enough here (its validity); the worker reads the content.
      const versionId = body.version_id ?? flow.published_version_id;
      const head = versionId ? await findUserVersionHead(db, user.id, versionId) : await findLatestVersion(db, flow.id);
      const version = head?.flow_id === flow.id ? head : undefined;
      if (!version) throw versionNotFound();
      if (!version.valid) throw invalidVersion();
      const payload = body.payload !== undefined ? body.payload : ((await listSamples(db, flow.id)).trigger?.output ?? {});
      const started = await engine.startRun({ flowId: flow.id, versionId: version.id, userId: user.id, payload });
      if (!started.queued) throw quotaExceeded();
      const run = (await findQueuedRun(db, user.id, started.runId)) ?? (await findRun(db, user.id, started.runId));
      return reply.code(202).send(run);
    });

    app.post('/workflow/sample', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(sampleBodySchema, request.body);
      const flow = await findFlow(db, user.id, body.workflow_id);
      if (!flow) throw flowNotFound();
      const row = await findFlowVersion(db, flow.id, body.version_id);
      if (!row) throw versionNotFound();
      // A test answers within the client's request time (SPEC §9: 30 s), and stops when the caller leaves.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      const signal = AbortSignal.any([left.signal, AbortSignal.timeout(TEST_STEP_TIMEOUT_MS)]);
      return engine.testStep(flatFromRow(row), user.id, body.step_name, body.input, signal);
    });

    app.get('/workflow/:id/samples', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const flow = await findFlow(db, user.id, id);
      if (!flow) throw flowNotFound();
      return { samples: await listSamples(db, flow.id) };
    });

    app.post('/workflow/options', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(optionsBodySchema, request.body);
      const options = await pieceOptions(db, user.id, {
        pieceName: body.piece_name,
        propertyName: body.property_name,
        ...(body.action_name ? { actionName: body.action_name } : {}),
        ...(body.trigger_name ? { triggerName: body.trigger_name } : {}),
        ...(body.input ? { input: body.input } : {}),
        ...(body.search ? { search: body.search } : {}),
      });
      return { options };
    });

    app.get('/workflow/:id/webhook', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const url = await webhookUrl(db, user.id, id, appUrl);
      if (!url) throw flowNotFound();
      return { url };
    });
  };
}
