/**
 * The workflow service's shapes (SPEC §7): the limits and the fields a person types, which both sides
 * check, and what each route answers. The server parses requests with these (requests.ts); the API
 * client parses replies with them and checks typed fields before sending; the editor worker reads the
 * workflow with them.
 *
 * A version travels in the stored flat form; its steps are checked by the domain (`fromStoredVersion`,
 * `parseStoredContent`), one by one, where they are read: a schema here would walk 10,000 steps again.
 */
import * as z from 'zod/mini';
import { flowSchema, versionStateSchema } from '../flow/schemas.ts';
import { isStorableText, pageOf, textSchema, tooLongMessage, UNSTORABLE_TEXT } from './text.ts';
import { workflowLastRunSchema, workflowTriggerSummarySchema } from './workflow-list.ts';

// ---- limits ----

/** A workflow's and a version's name: at most this many characters (SPEC §5). */
export const WORKFLOW_NAME_MAX = 255;
/** SPEC §9: the workflow list shows 10 per page. */
export const WORKFLOW_PAGE_SIZE = 10;
export const FOLDER_ID_MAX = 100;
/** Flows and autosaves of 10,000 steps are a few MB of JSON. */
export const LARGE_BODY_LIMIT = 20 * 1024 * 1024;
/**
 * Deepest flow file an import takes: the nested form nests a level per step of a chain (and two per
 * router), so a long flow is deep by nature; settings inside each step still stop at MAX_SETTINGS_DEPTH.
 */
export const MAX_FLOW_FILE_DEPTH = 100_000;

// ---- fields ----

/** A name a person gives: trimmed, required, at most WORKFLOW_NAME_MAX characters. */
export const workflowNameSchema = textSchema(WORKFLOW_NAME_MAX, 1, 'Enter a name');
/**
 * The name an autosave carries is whatever the editor holds (the domain's CHANGE_NAME takes any string):
 * kept as typed, empty allowed, so a half-typed name never makes saves fail; only the length is capped.
 */
export const savedWorkflowNameSchema = z.string().check(z.maxLength(WORKFLOW_NAME_MAX, tooLongMessage(WORKFLOW_NAME_MAX)), z.refine(isStorableText, UNSTORABLE_TEXT));
export const folderIdSchema = z.nullable(textSchema(FOLDER_ID_MAX));

/**
 * What a person gives a workflow: its name (the create and rename dialogs, the editor's heading) and its
 * folder. The create and rename bodies (requests.ts) carry these fields; the API client checks them
 * before sending.
 */
/** Minutes a person saves each time the workflow runs (its settings); analytics sums it over succeeded runs. */
export const TIME_SAVED_MAX_MINUTES = 10_000;
export const timeSavedPerRunSchema = z.number().check(
  z.gte(0, 'Enter 0 or more minutes'),
  z.lte(TIME_SAVED_MAX_MINUTES, `At most ${TIME_SAVED_MAX_MINUTES} minutes`),
);
export const workflowFields = {
  displayName: z.optional(workflowNameSchema),
  folderId: z.optional(folderIdSchema),
  timeSavedPerRun: z.optional(timeSavedPerRunSchema),
};
export const workflowFieldsSchema = z.object(workflowFields);

/**
 * Runs of one workflow executing at once (issue 15; its settings): null = no limit of its own. Runs past
 * it wait in the queue, they are never refused (server/runs/concurrency.ts).
 */
export const MAX_CONCURRENT_RUNS_LIMIT = 100;
export const maxConcurrentRunsSchema = z.nullable(
  z.int().check(z.gte(1, 'Enter 1 or more runs, or leave it empty for no limit'), z.lte(MAX_CONCURRENT_RUNS_LIMIT, `At most ${MAX_CONCURRENT_RUNS_LIMIT} runs`)),
);
/** PUT /workflow's run settings, next to the fields above. */
export const workflowRunFields = { maxConcurrentRuns: z.optional(maxConcurrentRunsSchema) };
export const workflowUpdateFieldsSchema = z.object({ ...workflowFields, ...workflowRunFields });

// ---- replies ----

/**
 * The workflow (SPEC §3) as every reply carries it: the domain's flow (id, status, folder, published
 * version: what the editor works with) plus its name and stamps. Fields the server adds pass through.
 */
export const workflowSchema = z.extend(flowSchema, {
  displayName: z.string(),
  created: z.string(),
  updated: z.string(),
  timeSavedPerRun: z._default(z.number(), 0),
  maxConcurrentRuns: z._default(z.nullable(z.number()), null),
});
export type Workflow = z.output<typeof workflowSchema>;

/**
 * A version in the stored flat form (the domain's `storedFlowVersionSchema`), read by `fromStoredVersion`
 * where it is used; named here so that every reply that carries one says so.
 */
export const storedVersionReplySchema = z.unknown();

/** GET /workflow/:id, POST /workflow, PUT /workflow, POST /workflow/:id/duplicate, POST /workflow/import. */
export const workflowWithVersionSchema = z.object({ flow: workflowSchema, version: storedVersionReplySchema });
export type WorkflowWithVersion = z.output<typeof workflowWithVersionSchema>;

/** `{flow, version}` where only the new flow's identity matters (create, import, duplicate, use template). */
export const createdWorkflowSchema = z.object({ flow: workflowSchema, version: z.looseObject({ id: z.string() }) });
export type CreatedWorkflow = z.output<typeof createdWorkflowSchema>;

/** PUT /workflow/status */
export const workflowStatusReplySchema = z.object({ flow: workflowSchema });

/**
 * One row of GET /workflow/paginate: the flow, a summary of its current version, the trigger that
 * version starts with and the workflow's newest run (workflow-list.ts).
 */
export const workflowSummarySchema = z.extend(workflowSchema, {
  version: z.object({ id: z.string(), state: versionStateSchema, valid: z.boolean(), updated: z.string() }),
  trigger: z._default(z.nullable(workflowTriggerSummarySchema), null),
  lastRun: z._default(workflowLastRunSchema, null),
});
export type WorkflowSummary = z.output<typeof workflowSummarySchema>;

export const workflowPageSchema = pageOf(workflowSummarySchema);
export type WorkflowPage = z.output<typeof workflowPageSchema>;

/** One row of GET /workflow/:id/versions: a version without its steps. */
export const versionSummarySchema = z.object({
  id: z.string(),
  flowId: z.string(),
  displayName: z.string(),
  state: versionStateSchema,
  valid: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type VersionSummary = z.output<typeof versionSummarySchema>;

/** A flow's versions, newest first; `activeVersionId` is the published one. */
export const versionListSchema = z.object({
  versions: z.array(versionSummarySchema),
  activeVersionId: z._default(z.nullable(z.string()), null),
});
export type VersionList = z.output<typeof versionListSchema>;

/** GET /workflow/:id/versions/:versionId, POST /workflow/version, PUT /workflow/version */
export const versionReplySchema = z.object({ version: storedVersionReplySchema });

/** POST /workflow/version/autosave: the saved version (a new draft when the old one was published meanwhile). */
export const autosaveReplySchema = z.object({ newVersionCreated: z.boolean(), version: storedVersionReplySchema });
export type AutosaveReply = z.output<typeof autosaveReplySchema>;

/** POST /workflow/publish: the flow now pointing at the version, and the version, now locked. */
export const publishReplySchema = z.object({ workflow: workflowSchema, version: storedVersionReplySchema });
