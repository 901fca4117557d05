/**
 * Rules the editor store applies to an edit's answer: whether the edit can move anything on the canvas.
 * (Validity is not one of them: the worker's domain operation judges every step it touches.)
 */
import type { Patch } from '../../../../domain/flow/index.ts';

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
