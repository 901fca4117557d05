/**
 * UPDATE_ACTION: replaces a step's editable fields (display name, settings, custom logo) with the
 * request's, keeping its place and links. `skip` has its own operation and is kept when the request
 * leaves it out. The step's validity is judged afresh; a `valid` in the request is ignored.
 *
 * The type may change (replacing a code step by a piece step, say) only while the step contains nothing:
 * a loop with a body or a router with steps in a branch would lose them, so that is refused. A router's
 * branch count changes only through ADD_BRANCH / DELETE_BRANCH, which keep `children` in step.
 */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { plain } from '../immer.ts';
import type { JsonObject } from '../json.ts';
import type { UpdateActionRequest } from '../operation-schemas.ts';
import { containedHeads } from '../structure.ts';
import { syncField } from './sync.ts';

export function updateAction(edit: VersionEdit, request: UpdateActionRequest): void {
  const current = plain(edit.require(request.name));
  const typeChanges = current.type !== request.type;
  if (typeChanges && containedHeads(current).length > 0) {
    throw invalidOperation(`${request.name} contains steps; a ${current.type} step cannot become ${request.type} until it is empty`);
  }
  if (request.type === 'ROUTER' && current.type === 'ROUTER' && request.settings.branches.length !== current.children.length) {
    throw invalidOperation(`${request.name} has ${current.children.length} branches; add or delete branches with ADD_BRANCH / DELETE_BRANCH`);
  }
  const target = edit.edit(request.name) as unknown as JsonObject;
  target.displayName = request.displayName;
  if (request.skip !== undefined) target.skip = request.skip;
  syncField(target, 'customLogoUrl', current.customLogoUrl, request.customLogoUrl);
  if (typeChanges) {
    target.type = request.type;
    delete target.firstLoopStep;
    delete target.children;
    if (request.type === 'LOOP_ON_ITEMS') target.firstLoopStep = null;
    if (request.type === 'ROUTER') target.children = request.settings.branches.map(() => null);
  }
  syncField(target, 'settings', current.settings, request.settings);
  edit.revalidate(request.name);
}
