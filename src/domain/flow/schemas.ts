/**
 * zod schemas of one step's own fields, for every trust boundary the flow crosses: an imported nested
 * flow, a stored flat version read back from the database or the browser, operation requests.
 *
 * None of them is recursive. A nested flow is a chain as deep as it is long, and a recursive schema would
 * recurse 10,000 levels down a 10,000-step chain; instead the walkers (nested-import.ts, stored-form.ts)
 * move along the chain with a loop and check each node with these per-node schemas, whose `z.object`
 * drops the link fields (`nextAction`, `firstLoopAction`, `children`) without looking inside them.
 *
 * Settings are loose objects: the fields the core relies on are checked, everything else a piece keeps
 * there passes through untouched, so a flow exported from Activepieces imports without loss.
 */
import * as z from 'zod/mini';
import { conditionGroupsSchema } from '../conditions/index.ts';
import { FLOW_STATUSES, ROUTER_EXECUTION_TYPES, VERSION_STATES } from './constants.ts';
import { STEP_NAME_PATTERN, TRIGGER_NAME } from './names.ts';
import { errorHandlingOptionsSchema } from './retry.ts';

const jsonObject = z.record(z.string(), z.unknown());
const emptyObject = (): Record<string, unknown> => ({});
/** Sample data and UI state (`inputUiInfo`, `sampleData`): opaque here, cleared in copies. */
const opaqueInfo = z.optional(jsonObject);

export const stepNameSchema = z.string().check(z.regex(STEP_NAME_PATTERN, 'Step names are step_N with N ≥ 1'));
export const versionStateSchema = z.enum(VERSION_STATES);
export const routerExecutionTypeSchema = z.enum(ROUTER_EXECUTION_TYPES);

// ---- settings ----

export const codeSettingsSchema = z.looseObject({
  sourceCode: z.optional(z.looseObject({ code: z.string(), packageJson: z._default(z.string(), '{}') })),
  input: z._default(jsonObject, emptyObject),
  inputUiInfo: opaqueInfo,
  errorHandlingOptions: z.optional(errorHandlingOptionsSchema),
});
export type CodeSettings = z.output<typeof codeSettingsSchema>;

export const pieceSettingsSchema = z.looseObject({
  pieceName: z.string(),
  pieceVersion: z.string(),
  actionName: z.optional(z.string()),
  input: z._default(jsonObject, emptyObject),
  inputUiInfo: opaqueInfo,
  errorHandlingOptions: z.optional(errorHandlingOptionsSchema),
});
export type PieceSettings = z.output<typeof pieceSettingsSchema>;

export const loopSettingsSchema = z.looseObject({ items: z.string(), inputUiInfo: opaqueInfo });
export type LoopSettings = z.output<typeof loopSettingsSchema>;

/** A router branch (SPEC §3). Rows take the default row's values where Activepieces leaves them out. */
export const branchSchema = z.discriminatedUnion('branchType', [
  z.looseObject({ branchType: z.literal('CONDITION'), branchName: z.string(), conditions: conditionGroupsSchema }),
  z.looseObject({ branchType: z.literal('FALLBACK'), branchName: z.string() }),
]);
export type Branch = z.output<typeof branchSchema>;

export const routerSettingsSchema = z.looseObject({
  branches: z.array(branchSchema),
  // Routers saved before execution types existed ran the first match.
  executionType: z._default(routerExecutionTypeSchema, 'EXECUTE_FIRST_MATCH'),
  inputUiInfo: opaqueInfo,
});
export type RouterSettings = z.output<typeof routerSettingsSchema>;

/** Activepieces types the empty trigger's settings as "anything"; null and absent read as {}. */
export const emptyTriggerSettingsSchema = z.pipe(
  z.optional(z.nullable(jsonObject)),
  z.transform((settings): Record<string, unknown> => settings ?? {}),
);
export type EmptyTriggerSettings = z.output<typeof emptyTriggerSettingsSchema>;

export const pieceTriggerSettingsSchema = z.looseObject({
  pieceName: z.string(),
  pieceVersion: z.string(),
  triggerName: z.optional(z.string()),
  input: z._default(jsonObject, emptyObject),
  inputUiInfo: opaqueInfo,
});
export type PieceTriggerSettings = z.output<typeof pieceTriggerSettingsSchema>;

// ---- one node of the nested (import/export) form, links stripped ----

const stepFields = {
  name: z.string(),
  displayName: z.string(),
  valid: z._default(z.boolean(), false),
  skip: z.optional(z.boolean()),
  customLogoUrl: z.optional(z.string()),
};

export const actionNodeSchema = z.discriminatedUnion('type', [
  z.object({ ...stepFields, type: z.literal('CODE'), settings: codeSettingsSchema }),
  z.object({ ...stepFields, type: z.literal('PIECE'), settings: pieceSettingsSchema }),
  z.object({ ...stepFields, type: z.literal('LOOP_ON_ITEMS'), settings: loopSettingsSchema }),
  z.object({ ...stepFields, type: z.literal('ROUTER'), settings: routerSettingsSchema }),
]);
export type ActionNode = z.output<typeof actionNodeSchema>;

const triggerFields = {
  name: z._default(z.literal(TRIGGER_NAME), TRIGGER_NAME),
  displayName: z.string(),
  valid: z._default(z.boolean(), false),
};

export const triggerNodeSchema = z.discriminatedUnion('type', [
  z.object({ ...triggerFields, type: z.literal('EMPTY'), settings: emptyTriggerSettingsSchema }),
  z.object({ ...triggerFields, type: z.literal('PIECE_TRIGGER'), settings: pieceTriggerSettingsSchema }),
]);
export type TriggerNode = z.output<typeof triggerNodeSchema>;

// ---- the stored flat form (database, autosave payload): links by name, no parents ----

const storedStepFields = { ...stepFields, name: stepNameSchema, next: z.nullable(stepNameSchema) };

export const storedStepSchema = z.discriminatedUnion('type', [
  z.object({ ...storedStepFields, type: z.literal('CODE'), settings: codeSettingsSchema }),
  z.object({ ...storedStepFields, type: z.literal('PIECE'), settings: pieceSettingsSchema }),
  z.object({
    ...storedStepFields,
    type: z.literal('LOOP_ON_ITEMS'),
    settings: loopSettingsSchema,
    firstLoopStep: z.nullable(stepNameSchema),
  }),
  z.object({
    ...storedStepFields,
    type: z.literal('ROUTER'),
    settings: routerSettingsSchema,
    children: z.array(z.nullable(stepNameSchema)),
  }),
]);
export type StoredStep = z.output<typeof storedStepSchema>;

const storedTriggerFields = { ...triggerFields, next: z.nullable(stepNameSchema) };

export const storedTriggerSchema = z.discriminatedUnion('type', [
  z.object({ ...storedTriggerFields, type: z.literal('EMPTY'), settings: emptyTriggerSettingsSchema }),
  z.object({ ...storedTriggerFields, type: z.literal('PIECE_TRIGGER'), settings: pieceTriggerSettingsSchema }),
]);
export type StoredTrigger = z.output<typeof storedTriggerSchema>;

/** What a version holds, without its identity: the autosave `configuration` and USE_AS_DRAFT's content. */
export const storedFlowContentSchema = z.object({
  displayName: z.string(),
  trigger: storedTriggerSchema,
  steps: z.array(storedStepSchema),
});
export type StoredFlowContent = z.output<typeof storedFlowContentSchema>;

export const storedFlowVersionSchema = z.object({
  id: z.string(),
  flowId: z.string(),
  displayName: z.string(),
  state: versionStateSchema,
  valid: z.boolean(),
  schemaVersion: z._default(z.nullable(z.string()), null),
  updated: z.optional(z.string()),
  trigger: storedTriggerSchema,
  steps: z.array(storedStepSchema),
});
export type StoredFlowVersion = z.output<typeof storedFlowVersionSchema>;

/** The workflow (SPEC §3) as the API sends it; other fields the server adds pass through. */
export const flowSchema = z.looseObject({
  id: z.string(),
  status: z.enum(FLOW_STATUSES),
  folderId: z._default(z.nullable(z.string()), null),
  publishedVersionId: z._default(z.nullable(z.string()), null),
});
