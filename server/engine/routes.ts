/**
 * The engine's own routes (SPEC §7): POST /workflow/sample ('Test step'), GET /workflow/{id}/samples
 * (the editor's sample data) and POST /workflow/options (dynamic choices of a piece input). Runs are
 * started in server/runs/routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { optionsBodySchema, sampleBodySchema } from '../../src/domain/contract/index.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { flowNotFound, versionNotFound, type WorkflowsForRuns } from '../workflows/runs-port.ts';
import type { Engine } from './engine.ts';
import { pieceOptions } from './pieces/index.ts';
import { listSamples } from './step-samples.ts';

export interface EngineRouteDependencies {
  db: Database;
  authenticator: Authenticator;
  engine: Engine;
  workflows: WorkflowsForRuns;
}


/** SPEC §9's request timeout: a test that takes longer has lost its caller anyway. */
export const TEST_STEP_TIMEOUT_MS = 30_000;

export function engineRoutes({ db, authenticator, engine, workflows }: EngineRouteDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/workflow/sample', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(sampleBodySchema, request.body);
      const flow = await workflows.ownedFlow(user.id, body.workflow_id);
      if (!flow) throw flowNotFound();
      const version = await workflows.readVersion(flow.id, body.version_id);
      if (!version) throw versionNotFound();
      // A test answers within the client's request time (SPEC §9: 30 s), and stops when the caller leaves.
      const left = new AbortController();
      reply.raw.once('close', () => left.abort());
      const signal = AbortSignal.any([left.signal, AbortSignal.timeout(TEST_STEP_TIMEOUT_MS)]);
      return engine.testStep(version, user.id, body.step_name, body.input, signal);
    });

    app.get('/workflow/:id/samples', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const flow = await workflows.ownedFlow(user.id, id);
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

  };
}
