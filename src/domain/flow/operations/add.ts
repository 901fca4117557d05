/**
 * ADD_ACTION: a new step at a placement; what the slot held moves after it. The new step keeps `valid`
 * from the request, and is invalid when the request does not say (SPEC §4: invalid until it reports
 * valid). Its own loop body or branches start empty, whatever the request nests (as in Activepieces).
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
