/**
 * Facts about a list of version patches that the worker and the UI both rely on: whether it changes the
 * flow's shape (what the canvas layout reads), and the same change in fewer patches.
 */
import type { Patch } from './immer.ts';

/** Step fields the layout depends on; names, settings, validity and skip are drawn from the version. */
const SHAPE_FIELDS = new Set<unknown>(['next', 'parent', 'firstLoopStep', 'children', 'type']);

/**
 * Whether the patches add, remove or relink a step (or change a step's type): then the canvas must be laid
 * out again. A rename or a settings change (most edits, and every keystroke in the panel) changes no shape.
 */
export function changesShape(patches: readonly Patch[]): boolean {
  return patches.some(({ path }) => {
    if (path[0] === 'steps') return path.length <= 2 || SHAPE_FIELDS.has(path[2]);
    if (path[0] === 'trigger') return path.length <= 1 || path[1] === 'next';
    return false;
  });
}

/**
 * The same change in as few patches: a typing burst's hundred replacements of one field become one.
 * Only when every patch is a `replace` and no path lies inside another: then the places are apart or the
 * same, and the last replacement of each decides what is there. Otherwise the list is returned as it is:
 * an `add` or a `remove` shifts array indices, and a replacement inside a path may need the object an
 * earlier replacement of that path put there (a JSON field going from text to an object).
 */
export function netPatches(patches: readonly Patch[]): readonly Patch[] {
  if (patches.length < 2 || patches.some((patch) => patch.op !== 'replace')) return patches;
  const lastAt = new Map<string, number>();
  patches.forEach((patch, index) => lastAt.set(JSON.stringify(patch.path), index));
  if (lastAt.size === patches.length || nested(patches)) return patches;
  return patches.filter((patch, index) => lastAt.get(JSON.stringify(patch.path)) === index);
}

/** Whether one patch's path is a proper prefix of another's. */
function nested(patches: readonly Patch[]): boolean {
  const outer = new Set<string>();
  for (const { path } of patches) for (let length = 0; length < path.length; length++) outer.add(JSON.stringify(path.slice(0, length)));
  return patches.some(({ path }) => outer.has(JSON.stringify(path)));
}
