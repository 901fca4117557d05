/** Pure questions about a run's step records, for the timeline. */
import type { StepRunRecord } from '../../../api/executions-api.ts';

/** Whether a step, or any step inside its iterations (at any depth), failed. */
export function containsFailure(step: StepRunRecord): boolean {
  if (step.status === 'FAILED') return true;
  return step.iterations?.some((iteration) => iteration.some(containsFailure)) ?? false;
}

/**
 * The iteration a loop opens on (SPEC §4): the first (index 0), except for a loop containing the failed
 * step, which opens on its last iteration — the engine stops a loop at the iteration that failed.
 */
export function defaultIterationIndex(step: StepRunRecord): number {
  const count = step.iterations?.length ?? 0;
  if (count === 0) return 0;
  return step.iterations!.some((iteration) => iteration.some(containsFailure)) ? count - 1 : 0;
}
