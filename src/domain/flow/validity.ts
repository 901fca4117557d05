/**
 * Validity (SPEC §4): whether a step or the trigger is complete enough to run, and a version is valid only
 * when its trigger and every step are. The domain alone decides it: every operation that creates a step
 * or changes a type or settings judges that step (edit.ts), and every stored or imported form is judged
 * as it is read (`judgeAll`), whatever `valid` it carries. The rules themselves live with the pieces
 * catalogue they read (../pieces/validity.ts). Operations keep `invalidCount` up to date as they go, so
 * the walks here run only when a version is built or opened.
 */
import { stepValidity, triggerValidity } from '../pieces/validity.ts';
import { containedHeads, versionReader } from './structure.ts';
import type { FlatStep, FlatTrigger, FlatVersion } from './types.ts';

export { stepValidity, triggerValidity };

/**
 * Judges the trigger and every step of a form being read (objects the caller owns: they are written)
 * and answers how many are invalid. O(steps).
 */
export function judgeAll(trigger: FlatTrigger, steps: readonly (FlatStep | null)[]): number {
  trigger.valid = triggerValidity(trigger);
  let count = trigger.valid ? 0 : 1;
  for (const step of steps) {
    if (!step) continue;
    step.valid = stepValidity(step);
    if (!step.valid) count++;
  }
  return count;
}

/**
 * The first invalid step in flow order ('trigger' when the trigger is invalid), or null when the version
 * is valid: the step the editor selects on open (SPEC §4). O(1) for a valid version.
 */
export function firstInvalidStep(version: FlatVersion): string | null {
  if (version.invalidCount === 0) return null;
  if (!version.trigger.valid) return version.trigger.name;
  const read = versionReader(version);
  const stack = version.trigger.next ? [version.trigger.next] : [];
  while (stack.length > 0) {
    const step = read(stack.pop()!);
    if (!step) continue;
    if (!step.valid) return step.name;
    if (step.next) stack.push(step.next);
    const inner = containedHeads(step);
    for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
  }
  return null;
}
