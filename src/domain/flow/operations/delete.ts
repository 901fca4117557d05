/**
 * DELETE_ACTION (Activepieces' `{names}`): removes each step with everything inside it (a loop's body, a
 * router's branches); the step after it takes its place (SPEC §4). Every name is checked first, so one
 * unknown name refuses the whole operation (STEP_NOT_FOUND). A name already removed earlier in the same
 * request, as part of a deleted loop or router, is not an error.
 */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { TRIGGER_NAME } from '../names.ts';
import type { DeleteActionRequest } from '../operation-schemas.ts';
import { unlink } from '../placement.ts';
import { collectSubtree } from '../structure.ts';

export function deleteActions(edit: VersionEdit, request: DeleteActionRequest): void {
  for (const name of request.names) {
    if (name === TRIGGER_NAME) throw invalidOperation('The trigger cannot be deleted; change it with UPDATE_TRIGGER');
    edit.require(name);
  }
  for (const name of request.names) {
    if (edit.get(name)) deleteStep(edit, name);
  }
}

export function deleteStep(edit: VersionEdit, name: string): void {
  unlink(edit, name);
  for (const inner of collectSubtree((n) => edit.get(n), name)) edit.remove(inner);
}
