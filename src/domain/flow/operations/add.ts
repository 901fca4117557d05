/**
 * ADD_ACTION: a new step at a placement; what the slot held moves after it. The new step is judged by
 * the domain's validity rules when it is inserted (a `valid` in the request is ignored). Its own loop
 * body or branches start empty, whatever the request nests (as in Activepieces).
 */
import { stepFromRequest } from '../create.ts';
import type { VersionEdit } from '../edit.ts';
import type { AddActionRequest } from '../operation-schemas.ts';
import { linkInto, resolvePlacement } from '../placement.ts';

export function addAction(edit: VersionEdit, request: AddActionRequest): void {
  const ref = resolvePlacement(edit, request.parentStep, request.stepLocationRelativeToParent, request.branchIndex);
  edit.insert(stepFromRequest(request.action, ref));
  linkInto(edit, request.action.name, ref);
}
