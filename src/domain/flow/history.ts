/**
 * Undo history entries (SPEC §3: id, timestamp, description, operation, beforeState, afterState).
 * Flowsmith stores immer patches instead of the two states: a 10,000-step flow copied twice per entry,
 * 20 entries per version, would not fit the browser's storage, while a patch holds only what changed.
 * `beforeState` / `afterState` stay in the schema, optional, for entries written by other tools; undo
 * applies `inversePatches`, redo `patches` (immer.ts `applyVersionPatches`).
 */
import * as z from 'zod/mini';
import type { FlowOperation } from './operation-schemas.ts';
import { flowOperationSchema } from './operation-schemas.ts';

export const patchSchema = z.object({
  op: z.enum(['add', 'remove', 'replace']),
  path: z.array(z.union([z.string(), z.number()])),
  value: z.optional(z.unknown()),
});

export const historyEntrySchema = z.object({
  id: z.string(),
  /** Milliseconds since the epoch. */
  timestamp: z.number(),
  description: z.string(),
  operation: flowOperationSchema,
  patches: z.array(patchSchema),
  inversePatches: z.array(patchSchema),
  beforeState: z.optional(z.unknown()),
  afterState: z.optional(z.unknown()),
});
export type FlowHistoryEntry = z.output<typeof historyEntrySchema>;

const TITLES: Record<FlowOperation['type'], string> = {
  ADD_ACTION: 'Add step',
  UPDATE_ACTION: 'Update step',
  DELETE_ACTION: 'Delete step',
  DUPLICATE_ACTION: 'Duplicate step',
  MOVE_ACTION: 'Move step',
  SET_SKIP_ACTION: 'Skip step',
  ADD_BRANCH: 'Add branch',
  DELETE_BRANCH: 'Delete branch',
  DUPLICATE_BRANCH: 'Duplicate branch',
  UPDATE_TRIGGER: 'Update trigger',
  CHANGE_NAME: 'Rename flow',
  IMPORT_FLOW: 'Import flow',
  LOCK_FLOW: 'Lock flow',
  LOCK_AND_PUBLISH: 'Publish',
  USE_AS_DRAFT: 'Use as draft',
  CHANGE_STATUS: 'Change status',
  CHANGE_FOLDER: 'Change folder',
};

/** A short sentence for the history list: 'Add step step_4', 'Delete step step_2, step_3'. */
export function describeOperation(operation: FlowOperation): string {
  const title = TITLES[operation.type];
  switch (operation.type) {
    case 'ADD_ACTION':
      return `${title} ${operation.request.action.name}`;
    case 'UPDATE_ACTION':
      return `${title} ${operation.request.name}`;
    case 'DELETE_ACTION':
    case 'SET_SKIP_ACTION':
      return `${operation.type === 'SET_SKIP_ACTION' && !operation.request.skip ? 'Unskip step' : title} ${operation.request.names.join(', ')}`;
    case 'DUPLICATE_ACTION':
      return `${title} ${operation.request.stepName}`;
    case 'MOVE_ACTION':
      return `${title} ${operation.request.name}`;
    case 'ADD_BRANCH':
    case 'DELETE_BRANCH':
    case 'DUPLICATE_BRANCH':
      return `${title} ${operation.request.branchIndex + 1} of ${operation.request.stepName}`;
    default:
      return title;
  }
}
