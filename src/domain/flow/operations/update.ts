/**
 * UPDATE_ACTION: replaces a step's editable fields (display name, settings, custom logo) with the
 * request's, keeping its place and links. `skip` has its own operation and is kept when the request
 * leaves it out. The step's validity is judged afresh; a `valid` in the request is ignored.
 *
 * The type may change (replacing a code step by a piece step, say) only while the step contains nothing:
 * a loop with a body or a router with steps in a branch would lose them, so that is refused. A router's
 * branch count changes only through ADD_BRANCH / DELETE_BRANCH, which keep `children` in step; an
 * update that leaves a router's branches out keeps them.
 */
import { defaultRouterSettings } from '../create.ts';
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { plain } from '../immer.ts';
import type { JsonObject } from '../json.ts';
import type { UpdateActionRequest } from '../operation-schemas.ts';
import { containedHeads } from '../structure.ts';
import { syncField } from './sync.ts';
import type { FlatStep } from '../types.ts';

/**
 * The request with a router's branches filled in when it leaves them out (Activepieces clients send a
 * router's update as `{executionType}` only): the router's own, or a new router's (SPEC §4).
 */
function withBranches(request: UpdateActionRequest, current: Readonly<FlatStep>): UpdateActionRequest {
  if (request.type !== 'ROUTER' || request.settings.branches.length > 0) return request;
  const branches = current.type === 'ROUTER' ? current.settings.branches : defaultRouterSettings().branches;
  return { ...request, settings: { ...request.settings, branches } };
}

export function updateAction(edit: VersionEdit, given: UpdateActionRequest): void {
  const current = plain(edit.require(given.name));
  const request = withBranches(given, current);
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
