/**
 * Every request body and query of the workflow, run, variable and template routes, as the server parses
 * them: the fields a person types (workflows.ts, variables.ts, templates.ts) with the ids, paging and
 * instants around them (wire.ts). The browser checks only the typed fields and never loads this module.
 */
import * as z from 'zod/mini';
import { flowStatusSchema } from '../flow/operation-schemas.ts';
import { RUN_STATUSES } from '../flow/runs.ts';
import {
  ACTIVITY_TYPES,
  ANALYTICS_PERIODS,
  GRANULARITIES,
  RECENT_ACTIVITY_MAX,
  RECENT_ACTIVITY_SIZE,
  TOP_PERFORMING_MAX,
  TOP_SORTS,
  type ActivityType,
  type AnalyticsPeriod,
  type Granularity,
  type TopSort,
} from './analytics.ts';
import { API_KEY_MAX_EXPIRY_DAYS, apiKeyFields, EXPIRY_IN_PAST_MESSAGE, EXPIRY_TOO_FAR_MESSAGE } from './api-keys.ts';
import {
  MAX_TEMPLATE_CATEGORY_LENGTH,
  MAX_TEMPLATE_DESCRIPTION_LENGTH,
  MAX_TEMPLATE_PAGE_SIZE,
  MAX_TEMPLATE_SEARCH_LENGTH,
  MAX_TEMPLATE_TAGS,
  MAX_TEMPLATE_TITLE_LENGTH,
  TEMPLATE_PAGE_SIZE,
  TEMPLATE_SCOPES,
  templateFields,
  templateTagListSchema,
  templateTagSchema,
  templateVisibilitySchema,
  TOO_MANY_TAGS_MESSAGE,
} from './templates.ts';
import { newConnectionFieldsSchema, testUrlSchema } from './connections.ts';
import { textSchema } from './text.ts';
import { folderFieldsSchema, UNCATEGORIZED_FOLDER } from './folders.ts';
import { valueFitsType, variableFields } from './variables.ts';
import { runSourceSchema } from './runs.ts';
import { idSchema, instantSchema, limitSchema, optionalQuery, pageSchema } from './wire.ts';
import { SORT_ORDERS, WORKFLOW_SORTS } from './workflow-list.ts';
import { savedWorkflowNameSchema, WORKFLOW_NAME_MAX, workflowFields, workflowFieldsSchema, workflowNameSchema, workflowRunFields } from './workflows.ts';

// ---- workflows ----

/** GET /workflow/paginate */
export const workflowListQuerySchema = z.object({
  page: pageSchema,
  limit: limitSchema,
  name: optionalQuery(textSchema(WORKFLOW_NAME_MAX)),
  status: optionalQuery(flowStatusSchema),
  /** One folder's workflows, or UNCATEGORIZED_FOLDER for those in none (folders.ts). */
  folderId: optionalQuery(z.union([z.literal(UNCATEGORIZED_FOLDER), idSchema], { error: 'Use a folder id or NULL' })),
  /** Issue 17: the column the list sorts by and its direction (absent: updated, newest first; a name A→Z). */
  sort: optionalQuery(z.enum(WORKFLOW_SORTS)),
  order: optionalQuery(z.enum(SORT_ORDERS)),
});
export type WorkflowListQuery = z.input<typeof workflowListQuerySchema>;

/**
 * POST /workflow: every field optional, and so is the body itself. `provisional` (issue 17, the New
 * button's /workflows/create): the workflow stays out of the list until its first edit, and is deleted
 * after a day without one.
 */
export const createWorkflowBodySchema = z.pipe(
  z.optional(z.extend(workflowFieldsSchema, { provisional: z.optional(z.boolean()) })),
  z.transform((body) => body ?? {}),
);
export type CreateWorkflowBody = z.input<typeof createWorkflowBodySchema>;

/** PUT /workflow: rename and/or move, and the workflow's settings (minutes saved, concurrent runs). */
export const updateWorkflowBodySchema = z.object({ id: idSchema, ...workflowFields, ...workflowRunFields });
export type UpdateWorkflowBody = z.input<typeof updateWorkflowBodySchema>;

/** PUT /workflow/status */
export const workflowStatusBodySchema = z.object({ id: idSchema, status: flowStatusSchema });
export type WorkflowStatusBody = z.input<typeof workflowStatusBodySchema>;

/** GET /workflow/:id/versions/:versionId */
export const versionParamsSchema = z.object({ id: idSchema, versionId: idSchema });

/** POST /workflow/version: the flow's one draft, empty or copied from a version. */
export const createVersionBodySchema = z.object({ workflow_id: idSchema, from_version_id: z.optional(idSchema) });
export type CreateVersionBody = z.input<typeof createVersionBodySchema>;

/** PUT /workflow/version */
export const renameVersionBodySchema = z.object({ version_id: idSchema, display_name: workflowNameSchema });
export type RenameVersionBody = z.input<typeof renameVersionBodySchema>;

/** POST /workflow/version/autosave: the whole trigger chain, every time. */
export const autosaveBodySchema = z.object({
  version_id: idSchema,
  // Checked by the domain (parseStoredContent, or fromNestedFlow for SPEC §7's nested trigger chain:
  // version-form.ts); here only "an object".
  configuration: z.record(z.string(), z.unknown()).check(
    z.describe("The version's content: the flat form ({trigger, steps}) or SPEC §7's trigger chain ({trigger} with trigger.nextAction…)"),
  ),
  display_name: savedWorkflowNameSchema,
  /** The `updated` stamp this save builds on; a newer one on the server answers 409. */
  updated: z.optional(instantSchema),
  /** Sent only after a 409 when the user chose to keep their changes (not in SPEC §7; ignored where unknown). */
  overwrite: z.optional(z.literal(true)),
});
export type AutosaveBody = z.input<typeof autosaveBodySchema>;

/** POST /workflow/publish */
export const publishBodySchema = z.object({ workflow_id: idSchema, version_id: idSchema });
export type PublishBody = z.input<typeof publishBodySchema>;

/**
 * POST /workflow/import: a flow file (ours or an Activepieces export), checked node by node by the
 * domain's nested import, which walks it with a loop (it may be nested MAX_FLOW_FILE_DEPTH deep).
 */
export const importWorkflowBodySchema = z.record(z.string(), z.unknown());

// ---- folders ----

/** POST /folders and PUT /folders/:id: the folder's name. */
export const createFolderBodySchema = folderFieldsSchema;
export const updateFolderBodySchema = folderFieldsSchema;
export type FolderBody = z.input<typeof createFolderBodySchema>;

// ---- runs ----

/** GET /workflow/executions */
export const executionsQuerySchema = z
  .object({
    page: pageSchema,
    limit: limitSchema,
    workflow_id: optionalQuery(idSchema),
    status: optionalQuery(z.enum(RUN_STATUSES)),
    from: optionalQuery(instantSchema),
    to: optionalQuery(instantSchema),
    started_by: optionalQuery(runSourceSchema),
  })
  .check(z.refine((q) => !q.from || !q.to || new Date(q.from) <= new Date(q.to), { error: 'from must not be after to', path: ['to'] }));
export type ExecutionsQuery = z.input<typeof executionsQuerySchema>;

// ---- variables ----

/** GET /variables: the global ones, or a workflow's own. */
export const variableListQuerySchema = z.object({ workflow_id: optionalQuery(idSchema) });

/** POST /variables: a global variable, or a workflow's own; the value must fit its type. */
export const createVariableBodySchema = z.object({ ...variableFields, workflow_id: z.optional(z.nullable(idSchema)) }).check(valueFitsType);
export type CreateVariableBody = z.input<typeof createVariableBodySchema>;

// ---- connections ----

/** POST /connections: a name, a type and every field of that type (connections.ts). */
export const createConnectionBodySchema = newConnectionFieldsSchema;
export type CreateConnectionBody = z.input<typeof createConnectionBodySchema>;

/** DELETE /connections/:id: `force=true` deletes one that steps still use. */
export const deleteConnectionQuerySchema = z.object({
  force: z.pipe(optionalQuery(z.enum(['true', 'false'], { error: 'Use true or false' })), z.transform((force) => force === 'true')),
});

/** POST /connections/:id/test: the address to GET with the connection's headers. */
export const testConnectionBodySchema = z.object({ url: testUrlSchema });

// ---- templates ----

/** POST /templates: tags are kept once each, in their first order. */
export const createTemplateBodySchema = z.object({ workflow_id: idSchema, ...templateFields });
export type CreateTemplateBody = z.input<typeof createTemplateBodySchema>;

/** PATCH /templates/:id: only the fields sent change (the owner's own template). */
export const updateTemplateBodySchema = z.object({
  title: z.optional(textSchema(MAX_TEMPLATE_TITLE_LENGTH, 1, 'Enter a title')),
  description: z.optional(textSchema(MAX_TEMPLATE_DESCRIPTION_LENGTH)),
  category: z.optional(z.nullable(textSchema(MAX_TEMPLATE_CATEGORY_LENGTH))),
  tags: z.optional(templateTagListSchema),
  visibility: z.optional(templateVisibilitySchema),
});
export type UpdateTemplateBody = z.input<typeof updateTemplateBodySchema>;

/** GET /templates: the gallery's page, search (words, each a prefix), tags (all of them) and category. */
export const templateListQuerySchema = z.object({
  page: pageSchema,
  limit: z.pipe(
    optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_TEMPLATE_PAGE_SIZE, `At most ${MAX_TEMPLATE_PAGE_SIZE} per page`))),
    z.transform((limit: number | undefined) => limit ?? TEMPLATE_PAGE_SIZE),
  ),
  search: optionalQuery(textSchema(MAX_TEMPLATE_SEARCH_LENGTH)),
  /** `?tag=a&tag=b`: templates with every one of them. */
  tag: z.pipe(
    optionalQuery(z.union([templateTagSchema, z.array(templateTagSchema).check(z.maxLength(MAX_TEMPLATE_TAGS, TOO_MANY_TAGS_MESSAGE))])),
    z.transform((tag: string | string[] | undefined) => (tag === undefined ? [] : Array.isArray(tag) ? [...new Set(tag)] : [tag])),
  ),
  category: optionalQuery(textSchema(MAX_TEMPLATE_CATEGORY_LENGTH)),
  scope: z.pipe(
    optionalQuery(z.enum(TEMPLATE_SCOPES, { error: `Use one of ${TEMPLATE_SCOPES.join(', ')}` })),
    z.transform((scope: (typeof TEMPLATE_SCOPES)[number] | undefined) => scope ?? 'all'),
  ),
});
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

// ---- analytics ----

const periodQuery = (fallback: AnalyticsPeriod) =>
  z.pipe(
    optionalQuery(z.enum(ANALYTICS_PERIODS, { error: `Use one of ${ANALYTICS_PERIODS.join(', ')}` })),
    z.transform((period: AnalyticsPeriod | undefined) => period ?? fallback),
  );
const granularityQuery = (fallback: Granularity) =>
  z.pipe(
    optionalQuery(z.enum(GRANULARITIES, { error: `Use one of ${GRANULARITIES.join(', ')}` })),
    z.transform((granularity: Granularity | undefined) => granularity ?? fallback),
  );
const boundedLimit = (fallback: number, max: number) =>
  z.pipe(
    optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(max, `At most ${max}`))),
    z.transform((limit: number | undefined) => limit ?? fallback),
  );

/** The calls that take only a period, with the default SPEC §7 gives each. */
export const periodQuerySchema = (fallback: AnalyticsPeriod) => z.object({ period: periodQuery(fallback) });

/** GET /analytics/workflows/creation-trends (30d, day) and /analytics/executions/timeline (7d, hour). */
export const bucketsQuerySchema = (period: AnalyticsPeriod, granularity: Granularity) =>
  z.object({ period: periodQuery(period), granularity: granularityQuery(granularity) });

/** GET /analytics/workflows/top-performing: limit 10, 30d, execution_count. */
export const topPerformingQuerySchema = z.object({
  limit: boundedLimit(10, TOP_PERFORMING_MAX),
  period: periodQuery('30d'),
  sort_by: z.pipe(
    optionalQuery(z.enum(TOP_SORTS, { error: `Use one of ${TOP_SORTS.join(', ')}` })),
    z.transform((sort: TopSort | undefined) => sort ?? 'execution_count'),
  ),
});

/** GET /analytics/activity/recent: limit 50; activity_types a comma-separated list (all when absent). */
export const recentActivityQuerySchema = z.object({
  limit: boundedLimit(RECENT_ACTIVITY_SIZE, RECENT_ACTIVITY_MAX),
  activity_types: z.pipe(
    optionalQuery(
      z.pipe(
        z.string().check(z.maxLength(1000)),
        z.pipe(
          z.transform((text: string) => [...new Set(text.split(',').map((part) => part.trim()).filter(Boolean))]),
          z.array(z.enum(ACTIVITY_TYPES, { error: `Use a comma-separated list of ${ACTIVITY_TYPES.join(', ')}` })),
        ),
      ),
    ),
    z.transform((types: ActivityType[] | undefined) => (types && types.length > 0 ? types : undefined)),
  ),
});
export type RecentActivityQuery = z.output<typeof recentActivityQuerySchema>;

// ---- billing (issue 14) ----

/** GET /billing/invoices and /billing/balance-transactions: ten to a page by default. */
export const billingPageQuerySchema = z.object({ page: pageSchema, limit: limitSchema });
export type BillingPageQuery = z.input<typeof billingPageQuerySchema>;
// ---- API keys ----

/**
 * POST /api-keys: `expires_at` absent or null is "never"; else an instant in the future, at most
 * API_KEY_MAX_EXPIRY_DAYS away (the form turns "30 days" or a date into one).
 */
export const createApiKeyBodySchema = z.object({
  ...apiKeyFields,
  expires_at: z.optional(
    z.nullable(
      instantSchema.check(
        z.refine((at) => new Date(at).getTime() > Date.now(), EXPIRY_IN_PAST_MESSAGE),
        z.refine((at) => new Date(at).getTime() <= Date.now() + API_KEY_MAX_EXPIRY_DAYS * 86_400_000, EXPIRY_TOO_FAR_MESSAGE),
      ),
    ),
  ),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;
// ---- runs and the engine ----

/** POST /workflow/run/:id: the trigger's payload (else its saved sample) and the version (else published, else latest). */
export const runBodySchema = z.pipe(
  z.optional(z.object({ payload: z.optional(z.unknown()), version_id: z.optional(idSchema) })),
  z.transform((body) => body ?? {}),
);
export type RunBody = z.input<typeof runBodySchema>;

const stepDataSchema = z.record(z.string(), z.unknown());
/** Step names as the domain makes them (SPEC §9: step_N), and the trigger. */
export const STEP_NAME = /^(trigger|step_[1-9]\d{0,8})$/;

/** POST /workflow/sample: test one step of a version ('trigger' stores `input` as the trigger's sample). */
export const sampleBodySchema = z.object({
  workflow_id: idSchema,
  version_id: idSchema,
  step_name: z.string().check(z.regex(STEP_NAME, 'Enter a step name')),
  input: z.optional(stepDataSchema),
});
export type SampleBody = z.input<typeof sampleBodySchema>;

const pieceNameSchema = textSchema(200, 1);
/** POST /workflow/options: the choices of a piece input with dynamic options. */
export const optionsBodySchema = z.object({
  piece_name: pieceNameSchema,
  action_name: z.optional(pieceNameSchema),
  trigger_name: z.optional(pieceNameSchema),
  property_name: pieceNameSchema,
  input: z.optional(stepDataSchema),
  search: z.optional(textSchema(200)),
});
export type OptionsBody = z.input<typeof optionsBodySchema>;

// ---- auth ----

/** POST /auth/logout-all takes no fields: no body, or an object whose fields are ignored. */
export const logoutAllBodySchema = z.union([z.undefined(), z.object({})]);

// ---- webhooks ----

/** A workflow's webhook secret: 32 random bytes in hex. Any other text is no listener (404, not 400). */
export const WEBHOOK_SECRET_PATTERN = /^[0-9a-f]{64}$/;
export const webhookParamsSchema = z.object({ secret: z.string().check(z.regex(WEBHOOK_SECRET_PATTERN)) });
/** Whatever the caller's service sends (JSON, a form or text) becomes the trigger output's `body`. */
export const webhookBodySchema = z.unknown();
