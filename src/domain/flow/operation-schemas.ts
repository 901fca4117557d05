/**
 * The operation requests of SPEC §4 as one discriminated union on `type`, with Activepieces' request
 * shapes (packages/shared/src/lib/.../flows/operations/index.ts), so an operation recorded there replays
 * here. Differences, all additions: USE_AS_DRAFT carries the source version's content (a pure function
 * cannot load it by id), and ADD/UPDATE take `valid` as optional. A `valid` sent along is accepted
 * (SPEC lists it among a step's fields) and ignored: the domain judges every step it creates or changes.
 *
 * Parse at the boundary (worker message, HTTP body) with `flowOperationSchema`; `applyOperation` trusts
 * the shape and checks everything that depends on the version. Each body is small and flat, except
 * IMPORT_FLOW's nested trigger: the schema only checks that it is an object, and the iterative import
 * walker validates it node by node when the operation applies (throwing VALIDATION).
 */
import * as z from 'zod/mini';
import { conditionGroupsSchema } from '../conditions/index.ts';
import { FLOW_STATUSES, STEP_LOCATIONS } from './constants.ts';
import { isPlainObject } from './json.ts';
import type { NestedTrigger } from './nested-types.ts';
import {
  branchSchema,
  codeSettingsSchema,
  emptyTriggerSettingsSchema,
  loopSettingsSchema,
  pieceSettingsSchema,
  pieceTriggerSettingsSchema,
  routerSettingsSchema,
  stepNameSchema,
  storedFlowContentSchema,
} from './schemas.ts';

export const stepLocationSchema = z.enum(STEP_LOCATIONS);
export const flowStatusSchema = z.enum(FLOW_STATUSES);
const branchIndex = z.int();

/**
 * A new router's settings: `branches` may be left out or empty, and the router then gets SPEC §4's
 * 'Branch 1' (one default row) and 'Otherwise' (stepFromRequest, create.ts).
 */
export const newRouterSettingsSchema = z.looseObject({
  ...routerSettingsSchema.def.shape,
  branches: z._default(z.array(branchSchema), () => []),
});

function actionRequestSchema<N extends z.ZodMiniType<string, string>, R extends z.ZodMiniType>(name: N, routerSettings: R) {
  const fields = {
    name,
    displayName: z.string(),
    valid: z.optional(z.boolean()),
    skip: z.optional(z.boolean()),
    customLogoUrl: z.optional(z.string()),
  };
  return z.discriminatedUnion('type', [
    z.object({ ...fields, type: z.literal('CODE'), settings: codeSettingsSchema }),
    z.object({ ...fields, type: z.literal('PIECE'), settings: pieceSettingsSchema }),
    z.object({ ...fields, type: z.literal('LOOP_ON_ITEMS'), settings: loopSettingsSchema }),
    z.object({ ...fields, type: z.literal('ROUTER'), settings: routerSettings }),
  ]);
}

/** The step ADD_ACTION creates; nested links in it (nextAction...) are dropped, as Activepieces does. */
export const newActionSchema = actionRequestSchema(stepNameSchema, newRouterSettingsSchema);
export type NewAction = z.output<typeof newActionSchema>;

export const addActionRequestSchema = z.object({
  parentStep: z.string(),
  stepLocationRelativeToParent: z.optional(stepLocationSchema),
  branchIndex: z.optional(branchIndex),
  action: newActionSchema,
});
export type AddActionRequest = z.output<typeof addActionRequestSchema>;

/** A router's `branches` may be left out of an update (as Activepieces clients do): the router keeps its own. */
export const updateActionRequestSchema = actionRequestSchema(z.string(), newRouterSettingsSchema);
export type UpdateActionRequest = z.output<typeof updateActionRequestSchema>;

// Readonly: callers often pass a literal list (`as const`); nothing here needs to change it.
const names = z.readonly(z.array(z.string()).check(z.minLength(1, 'Name at least one step')));

export const deleteActionRequestSchema = z.object({ names });
export type DeleteActionRequest = z.output<typeof deleteActionRequestSchema>;

export const duplicateStepRequestSchema = z.object({ stepName: z.string() });
export type DuplicateStepRequest = z.output<typeof duplicateStepRequestSchema>;

export const moveActionRequestSchema = z.object({
  name: z.string(),
  newParentStep: z.string(),
  stepLocationRelativeToNewParent: z.optional(stepLocationSchema),
  branchIndex: z.optional(branchIndex),
});
export type MoveActionRequest = z.output<typeof moveActionRequestSchema>;

export const skipActionRequestSchema = z.object({ names, skip: z.boolean() });
export type SkipActionRequest = z.output<typeof skipActionRequestSchema>;

export const addBranchRequestSchema = z.object({
  stepName: z.string(),
  branchIndex,
  branchName: z.string(),
  conditions: z.optional(conditionGroupsSchema),
});
export type AddBranchRequest = z.output<typeof addBranchRequestSchema>;

export const branchRequestSchema = z.object({ stepName: z.string(), branchIndex });
export type DeleteBranchRequest = z.output<typeof branchRequestSchema>;
export type DuplicateBranchRequest = DeleteBranchRequest;

const triggerRequestFields = {
  name: z._default(z.string(), 'trigger'),
  displayName: z.string(),
  valid: z.optional(z.boolean()),
};
export const updateTriggerRequestSchema = z.discriminatedUnion('type', [
  z.object({ ...triggerRequestFields, type: z.literal('EMPTY'), settings: emptyTriggerSettingsSchema }),
  z.object({ ...triggerRequestFields, type: z.literal('PIECE_TRIGGER'), settings: pieceTriggerSettingsSchema }),
]);
export type UpdateTriggerRequest = z.output<typeof updateTriggerRequestSchema>;

export const changeNameRequestSchema = z.object({ displayName: z.string() });
export type ChangeNameRequest = z.output<typeof changeNameRequestSchema>;

export const importFlowRequestSchema = z.object({
  displayName: z.string(),
  trigger: z.custom<NestedTrigger>(isPlainObject, 'The trigger must be an object'),
  schemaVersion: z.optional(z.nullable(z.string())),
  /** Activepieces sends canvas notes along; Flowsmith has none and ignores them. */
  notes: z.optional(z.unknown()),
});
export type ImportFlowRequest = z.output<typeof importFlowRequestSchema>;

export const lockFlowRequestSchema = z.object({});
export const lockAndPublishRequestSchema = z.object({ status: z.optional(flowStatusSchema) });
export type LockAndPublishRequest = z.output<typeof lockAndPublishRequestSchema>;

/** Activepieces sends `{versionId}` and its server loads the version; here the content comes along. */
export const useAsDraftRequestSchema = z.object({ versionId: z.string(), version: storedFlowContentSchema });
export type UseAsDraftRequest = z.output<typeof useAsDraftRequestSchema>;

export const changeStatusRequestSchema = z.object({ status: flowStatusSchema });
export const changeFolderRequestSchema = z.object({ folderId: z.nullable(z.string()) });

const op = <T extends string, R extends z.ZodMiniType>(type: T, request: R) => z.object({ type: z.literal(type), request });

export const flowOperationSchema = z.discriminatedUnion('type', [
  op('ADD_ACTION', addActionRequestSchema),
  op('UPDATE_ACTION', updateActionRequestSchema),
  op('DELETE_ACTION', deleteActionRequestSchema),
  op('DUPLICATE_ACTION', duplicateStepRequestSchema),
  op('MOVE_ACTION', moveActionRequestSchema),
  op('SET_SKIP_ACTION', skipActionRequestSchema),
  op('ADD_BRANCH', addBranchRequestSchema),
  op('DELETE_BRANCH', branchRequestSchema),
  op('DUPLICATE_BRANCH', branchRequestSchema),
  op('UPDATE_TRIGGER', updateTriggerRequestSchema),
  op('CHANGE_NAME', changeNameRequestSchema),
  op('IMPORT_FLOW', importFlowRequestSchema),
  op('LOCK_FLOW', lockFlowRequestSchema),
  op('LOCK_AND_PUBLISH', lockAndPublishRequestSchema),
  op('USE_AS_DRAFT', useAsDraftRequestSchema),
  op('CHANGE_STATUS', changeStatusRequestSchema),
  op('CHANGE_FOLDER', changeFolderRequestSchema),
]);
/** An operation after parsing (defaults filled in): what `applyOperation` takes. */
export type FlowOperation = z.output<typeof flowOperationSchema>;
/** An operation as a sender may write it (defaults may be left out); parse it into a `FlowOperation`. */
export type FlowOperationInput = z.input<typeof flowOperationSchema>;
export type OperationOfType<T extends FlowOperation['type']> = Extract<FlowOperation, { type: T }>;
