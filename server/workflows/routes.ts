/**
 * The workflow service (SPEC §7) under /api/workflow: list, create, import, duplicate, read, update,
 * delete and versions. Writing versions (autosave, publish, status...) is in version-routes.ts; runs and
 * schedules in server/runs/run-routes.ts. Every route needs a signed-in user and sees only that user's workflows.
 */
import type { FastifyInstance } from 'fastify';
import { createEmptyVersion } from '../../src/domain/index.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { Database } from '../db/database.ts';
import { idParamsSchema } from '../http/input.ts';
import { parse } from '../http/validate.ts';
import { flowNotFound, versionNotFound } from './errors.ts';
import { findFlow, paginateFlows } from './flows-repository.ts';
import { toFlowDto, toVersionDto, toVersionSummaryDto, toWorkflowDto, toWorkflowSummaryDto, versionDtoParts } from './mapping.ts';
import { FlowBodyReader } from './flow-bodies/index.ts';
import { sendJsonParts, sendJsonText } from './json-reply.ts';
import { nestedVersionOfRow, wantsNested } from './nested-form.ts';
import { createBodySchema, paginateQuerySchema, updateBodySchema, versionParamsSchema } from './schemas.ts';
import { copyWrite, createWorkflow, loadWorkflow, loadWorkflowText, versionWrite } from './service.ts';
import type { VersionTexts } from './version-texts.ts';
import { deleteWorkflow, updateWorkflow } from './drafts.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { describe, type AnnounceActivity } from '../activity/recording.ts';
import { findFlowVersion, listVersions } from './versions-repository.ts';
import { workflowBulkBodySchema } from '../../src/domain/contract/workflow-list-requests.ts';
import { bulkWorkflows } from './bulk.ts';

export interface WorkflowDependencies {
  db: Database;
  authenticator: Authenticator;
  /** A workflow was published, enabled, disabled or deleted (the scheduler re-reads its schedules). */
  onFlowsChanged?: () => void;
  /** Tells the user's open dashboards of an activity entry just recorded (server/activity). */
  announceActivity?: AnnounceActivity | undefined;
  /** Large versions' content text, shared by the GET and the writes that keep it (version-texts.ts). */
  versionTexts: VersionTexts;
}

export function workflowRoutes({ db, authenticator, onFlowsChanged, announceActivity, versionTexts }: WorkflowDependencies) {
  const announce = (userId: string, activities: ReadonlyArray<Activity | null>) => {
    for (const activity of activities) if (activity) announceActivity?.(userId, activity);
  };
  return async function register(app: FastifyInstance): Promise<void> {
    // Writes ?form=nested replies (a long chain on its own thread); the thread starts on first use.
    const reader = new FlowBodyReader();
    app.addHook('onClose', () => reader.close());
    app.get('/workflow/paginate', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(paginateQuerySchema, request.query);
      const { rows, total } = await paginateFlows(db, user.id, query);
      return { data: rows.map(toWorkflowSummaryDto), total, page: query.page, limit: query.limit };
    });

    app.post('/workflow', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createBodySchema, request.body);
      const version = createEmptyVersion({ displayName: body.displayName ?? 'Untitled' });
      const creation = { type: 'workflow_created', describe: describe.created } as const;
      const created = await createWorkflow(db, user.id, versionWrite(version), creation, body.folderId ?? null, body.provisional === true);
      announce(user.id, [created.activity]);
      return reply.code(201).send(toWorkflowDto(created.flow, created.version));
    });

    // A flow file: ours (toNestedFlow), an Activepieces export, or a template file ({template: {...}}).
    app.post('/workflow/:id/duplicate', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const { flow, version } = await loadWorkflow(db, user.id, id);
      // A copy is a new workflow: workflow_created, naming what it copies.
      const creation = { type: 'workflow_created', describe: (name: string) => describe.duplicated(name, version.display_name) } as const;
      const created = await createWorkflow(db, user.id, copyWrite(version, `${version.display_name} Copy`), creation, flow.folder_id);
      announce(user.id, [created.activity]);
      return reply.code(201).send(toWorkflowDto(created.flow, created.version));
    });

    app.get('/workflow/:id', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const nested = wantsNested(request);
      if (nested) {
        const { flow, version } = await loadWorkflow(db, user.id, id);
        return sendJsonText(reply, `{"flow":${JSON.stringify(toFlowDto(flow, version.display_name))},"version":${await nestedVersionOfRow(reader, version)}}`);
      }
      // The content goes out as the database wrote it: the editor opens 50,000 steps with no parse here.
      const { flow, version, contentJson } = await loadWorkflowText(db, user.id, id, versionTexts);
      const flowJson = JSON.stringify(toFlowDto(flow, version.display_name));
      return sendJsonParts(reply, 200, [`{"flow":${flowJson},"version":`, ...versionDtoParts(version, contentJson), '}']);
    });

    app.put('/workflow', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(updateBodySchema, request.body);
      const { flow, version, activity } = await updateWorkflow(db, user.id, body);
      announce(user.id, [activity]);
      return toWorkflowDto(flow, version);
    });

    app.delete('/workflow/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const activity = await deleteWorkflow(db, user.id, id);
      onFlowsChanged?.();
      announce(user.id, [activity]);
      return { success: true };
    });

    // Issue 17: one action over selected rows of the list (bulk.ts).
    app.post('/workflow/bulk', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(workflowBulkBodySchema, request.body);
      const { succeeded, failed, activities } = await bulkWorkflows(db, user.id, body);
      if (succeeded.length > 0 && body.action !== 'MOVE') onFlowsChanged?.();
      announce(user.id, activities);
      return { succeeded, failed };
    });

    app.get('/workflow/:id/versions', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const { flow } = await loadWorkflow(db, user.id, id);
      const versions = await listVersions(db, flow.id);
      return { versions: versions.map(toVersionSummaryDto), activeVersionId: flow.published_version_id };
    });

    // One version in full (the editor opens an older version read-only): the same form GET /workflow/{id} sends.
    app.get('/workflow/:id/versions/:versionId', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id, versionId } = parse(versionParamsSchema, request.params);
      const nested = wantsNested(request);
      const flow = await findFlow(db, user.id, id);
      if (!flow) throw flowNotFound();
      const version = await findFlowVersion(db, flow.id, versionId);
      if (!version) throw versionNotFound();
      if (nested) return sendJsonText(reply, `{"version":${await nestedVersionOfRow(reader, version)}}`);
      return { version: toVersionDto(version) };
    });
  };
}
