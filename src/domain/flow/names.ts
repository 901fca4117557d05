/**
 * Step names. Every action is named `step_N` (N ≥ 1) and lives at `version.steps[N]`, so finding a step by
 * name is one array read, with no index to keep in sync. The trigger is always named 'trigger'.
 *
 * A fresh name is `step_${steps.length}`: O(1), and it never hands out the name of a deleted step, so a
 * stale `{{step_5...}}` reference left in some input cannot silently start pointing at a new step.
 * A caller may also choose any unused step_N within the sparseness bound below (ADD_ACTION); the array
 * then grows to it, so the next fresh name is still above every name used.
 * (Activepieces picks the lowest unused number instead, which costs a scan of every name.)
 */
import { invalidOperation } from './errors.ts';

export const TRIGGER_NAME = 'trigger';
export const STEP_NAME_PATTERN = /^step_[1-9]\d*$/;
/**
 * Upper bound on N. The steps array is as long as the largest N, so this bounds its memory (8 MB of
 * holes at worst) however a flow was edited or what a stored form claims.
 */
export const MAX_STEP_NUMBER = 1_000_000;

/** N of `step_N`, or -1 when the name is not step-shaped (the trigger, 'step_01', 'http_1'...). */
export function stepNumber(name: string): number {
  if (name.length < 6 || !name.startsWith('step_')) return -1;
  const digits = name.slice(5);
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_STEP_NUMBER || String(n) !== digits) return -1;
  return n;
}

export const stepNameOf = (n: number): string => `step_${n}`;

/** The name the next added step should take (index 0 of the array is never used, so length ≥ 1). */
export function nextStepName(version: { steps: readonly unknown[] }): string {
  return stepNameOf(Math.max(version.steps.length, 1));
}

/** Throws when a flow has used up its step numbers (only after a million adds; export and import compacts). */
export function assertNumberAvailable(n: number): void {
  if (n > MAX_STEP_NUMBER) {
    throw invalidOperation(`This flow has used every step number up to ${MAX_STEP_NUMBER}; export and import it to renumber`);
  }
}

/**
 * Whether imported numbering is too sparse to index by N: names like step_900000 in a 20-step flow would
 * make a 900,000-slot array. Such an import is renumbered (see nested-import.ts).
 */
export const sparseBound = (count: number): number => 4 * count + 1000;
export const isTooSparse = (maxNumber: number, count: number): boolean => maxNumber > sparseBound(count);
