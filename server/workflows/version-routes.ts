/**
 * Writing versions (SPEC §7): use as draft, rename, publish, and the flow's status (autosave, a large
 * body, is in flow-body-routes.ts). The rules
 * (conflicts, one draft per flow, what may be published or enabled) are in drafts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from '../http/validate.ts';
import { publish, renameVersion, setStatus, useAsDraft } from './drafts.ts';
import { toFlowDto, toVersionDto } from './mapping.ts';
import type { WorkflowDependencies } from './routes.ts';
import {
  createVersionBodySchema,
  publishBodySchema,
  renameVersionBodySchema,
  statusBodySchema,
} from './schemas.ts';

export function versionRoutes({ db, authenticator, onFlowsChanged }: WorkflowDependencies) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/workflow/version', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createVersionBodySchema, request.body);
      const version = await useAsDraft(db, user.id, body.workflow_id, body.from_version_id);
      return reply.code(201).send({ version: toVersionDto(version) });
    });

    app.put('/workflow/version', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(renameVersionBodySchema, request.body);
      return { version: toVersionDto(await renameVersion(db, user.id, body.version_id, body.display_name)) };
    });

    app.put('/workflow/status', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(statusBodySchema, request.body);
      const { flow, displayName } = await setStatus(db, user.id, body);
      onFlowsChanged?.();
      return { flow: toFlowDto(flow, displayName) };
    });

    app.post('/workflow/publish', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(publishBodySchema, request.body);
      const { flow, version } = await publish(db, user.id, body);
      onFlowsChanged?.();
      return { workflow: toFlowDto(flow, version.display_name), version: toVersionDto(version) };
    });
  };
}
