/**
 * Templates under /api/templates: made from a workflow's latest version, listed (own and public, a page
 * at a time, searched and filtered: list-repository.ts), read (public ones also by guests, for
 * /template-preview), used (copied into a new workflow), changed and deleted by their owner.
 *
 * A template's `flow` is sent in the nested (Activepieces) form, which is as deep as the flow's longest
 * chain. The reply is written with `toNestedFlowJson` (no recursion on the server), but clients walk it
 * with JSON.stringify and friends, which fail near 5,000 levels: longer chains are refused at creation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stepNumber, toNestedFlowJson, type FlatVersion } from '../../src/domain/index.ts';
import type { Authenticator } from '../auth/authenticate.ts';
import type { UserRow } from '../auth/users.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../shared/api-error.ts';
import { idParamsSchema } from '../http/input.ts';
import { storableJson } from '../db/stored-values.ts';
import { parse } from '../http/validate.ts';
import { toWorkflowDto } from '../workflows/mapping.ts';
import { createWorkflow, flatFromConfiguration, flatFromRow, loadWorkflow, versionWrite } from '../workflows/service.ts';
import { toTemplateSummaryDto } from './mapping.ts';
import { deleteTemplate, findReadableTemplate, insertTemplate, updateTemplate, type TemplateContent, type TemplateRow } from './repository.ts';
import { listTemplatePage } from './list-repository.ts';
import { createBodySchema, listQuerySchema, updateBodySchema } from './schemas.ts';
import { describe, type AnnounceActivity } from '../activity/recording.ts';

export interface TemplateDependencies {
  db: Database;
  authenticator: Authenticator;
  announceActivity?: AnnounceActivity | undefined;
}

export const MAX_TEMPLATE_DEPTH = 4000;
export const TOO_DEEP_MESSAGE = 'Flows of more than 4,000 steps in one chain cannot be shared as templates yet';

const templateNotFound = () => new ApiError(404, 'ENTITY_NOT_FOUND', 'Template not found');

/** The most steps on one path from the trigger (a step inside a loop or branch counts its container). */
export function longestChain(version: FlatVersion): number {
  let longest = 0;
  const stack: Array<[string, number]> = version.trigger.next ? [[version.trigger.next, 1]] : [];
  while (stack.length > 0) {
    const [name, depth] = stack.pop()!;
    const step = version.steps[stepNumber(name)];
    if (!step) continue;
    if (depth > longest) longest = depth;
    if (step.next) stack.push([step.next, depth + 1]);
    if (step.type === 'LOOP_ON_ITEMS' && step.firstLoopStep) stack.push([step.firstLoopStep, depth + 1]);
    if (step.type === 'ROUTER') for (const child of step.children) if (child) stack.push([child, depth + 1]);
  }
  return longest;
}

function flatOfTemplate(content: TemplateContent): FlatVersion {
  return flatFromConfiguration(content, { displayName: content.displayName, schemaVersion: content.schemaVersion ?? null });
}

export function templateRoutes({ db, authenticator, announceActivity }: TemplateDependencies) {
  /** The signed-in reader, or null for a guest; a token that is sent must be valid (401 lets the client refresh). */
  async function optionalUser(request: FastifyRequest): Promise<UserRow | null> {
    return request.headers.authorization === undefined ? null : authenticator.userFromRequest(request);
  }

  return async function register(app: FastifyInstance): Promise<void> {
    app.post('/templates', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const body = parse(createBodySchema, request.body);
      const { version } = await loadWorkflow(db, user.id, body.workflow_id);
      const flat = flatFromRow(version);
      if (longestChain(flat) > MAX_TEMPLATE_DEPTH) throw new ApiError(400, 'VALIDATION', TOO_DEEP_MESSAGE);
      const content: TemplateContent = {
        displayName: version.display_name,
        schemaVersion: version.schema_version,
        trigger: version.content.trigger,
        steps: version.content.steps,
      };
      const row = await insertTemplate(db, user.id, {
        title: body.title,
        description: body.description ?? '',
        category: body.category ?? null,
        tags: body.tags,
        visibility: body.visibility,
        stepCount: version.content.steps.length,
        contentJson: storableJson(content, 'The flow'),
      });
      return sendTemplate(reply.code(201), { ...row, content }, user.id, flat);
    });

    app.get('/templates', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const query = parse(listQuerySchema, request.query);
      const { rows, total } = await listTemplatePage(db, user.id, { ...query, tags: query.tag });
      return { data: rows.map((row) => toTemplateSummaryDto(row, user.id)), total, page: query.page, limit: query.limit };
    });

    // Only the owner changes a template; another user's (public or not) answers 404 like a missing one.
    app.patch('/templates/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const body = parse(updateBodySchema, request.body);
      const row = await updateTemplate(db, user.id, id, body);
      if (!row) throw templateNotFound();
      return toTemplateSummaryDto(row, user.id);
    });

    // Public: a guest reads PUBLIC templates (/template-preview/{id}); PRIVATE ones only their owner.
    app.get('/templates/:id', async (request, reply) => {
      const { id } = parse(idParamsSchema, request.params);
      const reader = await optionalUser(request);
      const row = await findReadableTemplate(db, reader?.id ?? null, id);
      if (!row?.content) throw templateNotFound();
      return sendTemplate(reply, row, reader?.id ?? null, flatOfTemplate(row.content));
    });

    app.post('/templates/:id/use', async (request, reply) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      const row = await findReadableTemplate(db, user.id, id);
      if (!row?.content) throw templateNotFound();
      // Using a template makes a workflow like any other: workflow_created, the template named.
      const creation = { type: 'workflow_created', describe: (name: string) => describe.fromTemplate(name, row.title) } as const;
      const created = await createWorkflow(db, user.id, versionWrite(flatOfTemplate(row.content)), creation);
      if (created.activity) announceActivity?.(user.id, created.activity);
      return reply.code(201).send(toWorkflowDto(created.flow, created.version));
    });

    app.delete('/templates/:id', async (request) => {
      const user = await authenticator.userFromRequest(request);
      const { id } = parse(idParamsSchema, request.params);
      if (!(await deleteTemplate(db, user.id, id))) throw templateNotFound();
      return { success: true };
    });
  };
}

/** The template with its nested flow, written as text so no deep object is built or stringified here. */
function sendTemplate(reply: FastifyReply, row: TemplateRow, readerId: string | null, flat: FlatVersion) {
  const head = JSON.stringify(toTemplateSummaryDto(row, readerId));
  return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"flow":${toNestedFlowJson(flat)}}`);
}
