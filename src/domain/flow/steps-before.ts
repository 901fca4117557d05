/**
 * What a step can read when it runs: the trigger and every step that has run before it. Up the parent
 * pointers only: the steps before it in its chain, and for a step inside a loop body or a router branch
 * also that loop or router and the steps before them, out to the trigger. Steps inside an earlier loop
 * body or router branch are not offered: whether (and how often) they ran depends on the data.
 *
 * The walk costs the step's distance from the trigger, whatever the flow's size; it never recurses.
 */
import { TRIGGER_NAME } from './names.ts';
import { versionReader } from './structure.ts';
import type { FlatVersion, StepName } from './types.ts';

export interface StepBefore {
  name: StepName | 'trigger';
  /**
   * How the step is related: null for a step that has finished (or the trigger); 'loop' for a loop whose
   * body holds the step, which is mid-iteration and offers `item` and `index`; 'branch' for a router
   * whose branch holds the step, which has no output until its branches have run.
   */
  encloses: 'loop' | 'branch' | null;
}

/** The trigger and the steps before `stepName`, in flow order; [] for the trigger or an unknown step. */
export function stepsBefore(version: FlatVersion, stepName: string): StepBefore[] {
  const read = versionReader(version);
  let current = read(stepName);
  if (!current) return [];
  const found: StepBefore[] = [];
  // A broken structure (a parent cycle) must not hang the editor: no walk is longer than the flow.
  for (let guard = version.steps.length; guard > 0; guard--) {
    const { step: parentName, slot } = current.parent;
    if (parentName === TRIGGER_NAME) break;
    const parent = read(parentName);
    if (!parent) break;
    found.push({ name: parentName, encloses: slot === 'next' ? null : slot === 'loop' ? 'loop' : 'branch' });
    current = parent;
  }
  found.push({ name: TRIGGER_NAME, encloses: null });
  return found.reverse();
}

/** The loops whose body holds `stepName`, innermost first (what the engine sets `item`/`index` for). */
export function enclosingLoops(version: FlatVersion, stepName: string): StepName[] {
  return stepsBefore(version, stepName)
    .filter((step) => step.encloses === 'loop')
    .map((step) => step.name)
    .reverse();
}
