/**
 * Writing versions (SPEC §7): use as draft, rename, publish, and the flow's status (autosave, a large
 * body, is in flow-body-routes.ts). The rules
 * (conflicts, one draft per flow, what may be published or enabled) are in drafts.ts.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from '../http/validate.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { publish, renameVersion, setStatus, useAsDraft } from './drafts.ts';
import { toFlowDto, toVersionDto } from './mapping.ts';
import { FlowBodyReader } from './flow-bodies/index.ts';
import { sendJsonParts, sendJsonText } from './json-reply.ts';
import { nestedVersionOfRow, wantsNested } from './nested-form.ts';
import type { WorkflowDependencies } from './routes.ts';
import {
  createVersionBodySchema,
  publishBodySchema,
  renameVersionBodySchema,
  statusBodySchema,
} from './schemas.ts';

export function versionRoutes({ db, authenticator, onFlowsChanged, announceActivity }: WorkflowDependencies) {
  const announce = (userId: string, activities: ReadonlyArray<Activity | null>) => {
    for (const activity of activities) if (activity) announceActivity?.(userId, activity);
  };
  return async function register(app: FastifyInstance): Promise<void> {
    // Writes ?form=nested replies (a long chain on its own thread); the thread starts on first use.
    const reader = new FlowBodyReader();
    app.addHook('onClose', () => reader.close());
    app.post('/workflow/version', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createVersionBodySchema, request.body);
      const nested = wantsNested(request);
      const { version, activity } = await useAsDraft(db, user.id, body.workflow_id, body.from_version_id);
      announce(user.id, [activity]);
      if (nested) return sendJsonText(reply, `{"version":${await nestedVersionOfRow(reader, version)}}`, 201);
      return reply.code(201).send({ version: toVersionDto(version) });
    });

    app.put('/workflow/version', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(renameVersionBodySchema, request.body);
      const nested = wantsNested(request);
      const { version, activity } = await renameVersion(db, user.id, body.version_id, body.display_name);
      announce(user.id, [activity]);
      if (nested) return sendJsonText(reply, `{"version":${await nestedVersionOfRow(reader, version)}}`);
      return { version: toVersionDto(version) };
    });

    app.put('/workflow/status', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(statusBodySchema, request.body);
      const { flow, displayName, activity } = await setStatus(db, user.id, body);
      onFlowsChanged?.();
      announce(user.id, [activity]);
      return { flow: toFlowDto(flow, displayName) };
    });

    app.post('/workflow/publish', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(publishBodySchema, request.body);
      const nested = wantsNested(request);
      const { flow, version, activities } = await publish(db, user.id, body);
      onFlowsChanged?.();
      announce(user.id, activities);
      const workflow = toFlowDto(flow, version.display_name);
      if (nested) return sendJsonText(reply, `{"workflow":${JSON.stringify(workflow)},"version":${await nestedVersionOfRow(reader, version)}}`);
      return { workflow, version: toVersionDto(version) };
    });
  };
}
