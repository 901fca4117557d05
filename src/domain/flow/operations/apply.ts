/**
 * The one entry point for version operations: `applyOperationWithPatches(version, operation)` returns the
 * new version with immer patches (to post to the UI) and inverse patches (for undo); `applyOperation`
 * returns the version alone. Pure: the input is never mutated, a refused operation throws a
 * FlowOperationError and changes nothing, and no effect leaves this function.
 *
 * Locked versions (SPEC §4: a published version is read-only) refuse every edit with
 * FLOW_OPERATION_INVALID. What still applies: LOCK_FLOW and LOCK_AND_PUBLISH (already locked: no change)
 * and the flow-level CHANGE_STATUS / CHANGE_FOLDER, which never touch a version (see flow-operations.ts)
 * and return it unchanged with no patches. To edit a published flow, make a draft first (the server
 * copies the locked version, as Activepieces does).
 */
import { VersionEdit, type OperationResult } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { flowImmer } from '../immer.ts';
import type { FlowOperation } from '../operation-schemas.ts';
import type { FlatVersion } from '../types.ts';
import { addAction } from './add.ts';
import { addBranch, deleteBranch, duplicateBranch } from './branches.ts';
import { deleteActions } from './delete.ts';
import { duplicateAction } from './duplicate.ts';
import { importFlow } from './import.ts';
import { changeName, lock, useAsDraft } from './lifecycle.ts';
import { moveAction } from './move.ts';
import { setSkip } from './skip.ts';
import { updateTrigger } from './trigger.ts';
import { updateAction } from './update.ts';

export type { OperationResult };

/** Operations that change the flow only; the version comes back as it was. */
const FLOW_ONLY = new Set<FlowOperation['type']>(['CHANGE_STATUS', 'CHANGE_FOLDER']);
/** Operations a locked version accepts. */
const ALLOWED_WHEN_LOCKED = new Set<FlowOperation['type']>(['LOCK_FLOW', 'LOCK_AND_PUBLISH', 'CHANGE_STATUS', 'CHANGE_FOLDER']);

function run(edit: VersionEdit, operation: FlowOperation): void {
  switch (operation.type) {
    case 'ADD_ACTION':
      return addAction(edit, operation.request);
    case 'UPDATE_ACTION':
      return updateAction(edit, operation.request);
    case 'DELETE_ACTION':
      return deleteActions(edit, operation.request);
    case 'DUPLICATE_ACTION':
      return duplicateAction(edit, operation.request);
    case 'MOVE_ACTION':
      return moveAction(edit, operation.request);
    case 'SET_SKIP_ACTION':
      return setSkip(edit, operation.request);
    case 'ADD_BRANCH':
      return addBranch(edit, operation.request);
    case 'DELETE_BRANCH':
      return deleteBranch(edit, operation.request);
    case 'DUPLICATE_BRANCH':
      return duplicateBranch(edit, operation.request);
    case 'UPDATE_TRIGGER':
      return updateTrigger(edit, operation.request);
    case 'CHANGE_NAME':
      return changeName(edit, operation.request);
    case 'IMPORT_FLOW':
      return importFlow(edit, operation.request);
    case 'LOCK_FLOW':
    case 'LOCK_AND_PUBLISH':
      return lock(edit);
    case 'USE_AS_DRAFT':
      return useAsDraft(edit, operation.request);
    case 'CHANGE_STATUS':
    case 'CHANGE_FOLDER':
      return;
    default: {
      const unknown: { type?: unknown } = operation;
      throw invalidOperation(`Unknown operation '${String(unknown.type)}'`);
    }
  }
}

export function applyOperationWithPatches(version: FlatVersion, operation: FlowOperation): OperationResult {
  if (FLOW_ONLY.has(operation.type)) return { version, patches: [], inversePatches: [] };
  if (version.state === 'LOCKED' && !ALLOWED_WHEN_LOCKED.has(operation.type)) {
    throw invalidOperation(`This version is locked (published); ${operation.type} needs a draft`);
  }
  let edit: VersionEdit | undefined;
  const [next, patches, inversePatches] = flowImmer.produceWithPatches(version, (draft) => {
    edit = new VersionEdit(version, draft as FlatVersion);
    run(edit, operation);
    edit.finish();
  });
  return edit!.commit(next, patches, inversePatches);
}

export function applyOperation(version: FlatVersion, operation: FlowOperation): FlatVersion {
  return applyOperationWithPatches(version, operation).version;
}
