/**
 * The workflow model and its editor core (SPEC §3, §4): the flat version, the operations on it, the
 * nested (Activepieces) and stored forms, runs and history entries. Rules in ../README.md.
 */
export * from './constants.ts';
export type * from './types.ts';
export type * from './nested-types.ts';
export { FlowOperationError, isFlowOperationError, type FlowErrorCode } from './errors.ts';
export { MAX_STEP_NUMBER, nextStepName, STEP_NAME_PATTERN, stepNameOf, stepNumber, TRIGGER_NAME } from './names.ts';
export * from './schemas.ts';
export * from './operation-schemas.ts';
export { applyOperation, applyOperationWithPatches, type OperationResult } from './operations/apply.ts';
export { applyFlowOperation } from './flow-operations.ts';
export { applyVersionPatches, type Patch } from './immer.ts';
export { changesShape, netPatches } from './patch-rules.ts';
export { fromNestedFlow } from './nested-import.ts';
export { toNestedFlow } from './nested-export.ts';
export { toNestedFlowJson } from './nested-json.ts';
export {
  fromParsedContent,
  fromStoredVersion,
  fromStoredVersionAsSent,
  fromStoredVersionComparing,
  parseStoredContent,
  toStoredContent,
  toStoredStep,
  toStoredVersion,
} from './stored-form.ts';
export { checkStructure, collectSubtree, findStep, stepsInOrder, versionReader, type StepReader } from './structure.ts';
export { firstInvalidStep } from './validity.ts';
export { enclosingLoops, stepsBefore, type StepBefore } from './steps-before.ts';
export { createAction, createEmptyVersion, defaultRouterSettings, newConditionBranch, type NewVersionFields } from './create.ts';
export { rewriteReferences } from './references.ts';
export * from './runs.ts';
export * from './retry.ts';
export { describeOperation, historyEntrySchema, patchSchema, type FlowHistoryEntry } from './history.ts';
export { CLIPBOARD_KIND, copyToClipboard, MAX_CLIPBOARD_STEPS, pasteOperations, readClipboard, type ClipboardContent, type PastePlacement } from './clipboard.ts';
export { diffVersions, isEmptyDiff, type StepChange, type StepChangeKind, type StepPlace, type VersionDiff } from './version-diff.ts';
export { childPath, diffValues, type FieldChange } from './value-diff.ts';
