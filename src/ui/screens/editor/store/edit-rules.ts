/**
 * Rules the editor store applies to edits before and after they reach the worker: whether an edit can
 * move anything on the canvas, and keeping a router's validity true when its branches change.
 */
import { stepValidity } from '../../../../domain/pieces/index.ts';
import { applyOperation, findStep, flowOperationSchema, type FlatVersion, type FlowOperationInput, type Patch } from '../../../../domain/flow/index.ts';

/** Step fields the layout depends on; names, settings, validity and skip are drawn from the mirror. */
const LAYOUT_FIELDS = new Set<unknown>(['next', 'parent', 'firstLoopStep', 'children', 'type']);

/**
 * Whether an edit can move anything on the canvas: a step added, removed or relinked. A rename or a
 * settings change (most edits, and every keystroke in the panel) skips the worker's layout pass.
 */
export function affectsLayout(patches: readonly Patch[]): boolean {
  return patches.some(({ path }) => {
    if (path[0] === 'steps') return path.length <= 2 || LAYOUT_FIELDS.has(path[2]);
    if (path[0] === 'trigger') return path.length <= 1 || path[1] === 'next';
    return false;
  });
}

/**
 * A branch added, copied or removed changes whether its router is complete (a new branch starts with
 * an empty condition row); the router reports its validity in the same undo entry. Null when the
 * operation is not a branch edit or the router's validity does not change.
 */
export function withRouterValidity(version: FlatVersion, operation: FlowOperationInput): FlowOperationInput[] | null {
  if (operation.type !== 'ADD_BRANCH' && operation.type !== 'DUPLICATE_BRANCH' && operation.type !== 'DELETE_BRANCH') return null;
  let after: FlatVersion;
  try {
    after = applyOperation(version, flowOperationSchema.parse(operation));
  } catch {
    return null; // the worker refuses it with the right error
  }
  const router = findStep(after, operation.request.stepName);
  if (!router || router.name === 'trigger' || router.type !== 'ROUTER') return null;
  const valid = stepValidity(router);
  if (valid === router.valid) return null;
  const { name, displayName, type, settings, skip, customLogoUrl } = router;
  const update: FlowOperationInput = {
    type: 'UPDATE_ACTION',
    request: { name, displayName, type, settings, valid, ...(skip === undefined ? {} : { skip }), ...(customLogoUrl === undefined ? {} : { customLogoUrl }) },
  };
  return [operation, update];
}

