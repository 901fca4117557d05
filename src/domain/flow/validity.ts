/**
 * Validity (SPEC §4): a new step is invalid until it reports valid, and a version is valid only when its
 * trigger and every step are. Operations keep `invalidCount` up to date as they go (edit.ts), so these
 * walks run only when a version is built or opened.
 */
import { containedHeads, versionReader } from './structure.ts';
import type { FlatStep, FlatTrigger, FlatVersion } from './types.ts';

export function countInvalid(trigger: Readonly<FlatTrigger>, steps: readonly (FlatStep | null)[]): number {
  let count = trigger.valid ? 0 : 1;
  for (const step of steps) if (step && !step.valid) count++;
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
