/**
 * What failed in a run, in words (issue 17): the editor's end-of-run toast and the bell's run_finished
 * message name the step and its error ("'Send email' (step_3) failed: connect ECONNREFUSED") instead of a
 * status code. The failed step is the innermost one: a loop or router that failed because a step inside
 * it did is named by that step.
 */
import type { RunStatus, StepRunStatus } from './runs.ts';

export interface StepRunLike {
  stepName: string;
  displayName: string;
  status: StepRunStatus;
  error?: string | null | undefined;
  iterations?: readonly (readonly StepRunLike[])[] | undefined;
}

/** An error longer than this is cut (a toast is not the place for a stack of text; the run's page has it all). */
export const MAX_FAILURE_ERROR_CHARS = 200;

/** The innermost failed step of a run's records, or undefined. */
export function failedStepOf(steps: readonly StepRunLike[]): StepRunLike | undefined {
  const failed = steps.find((step) => step.status === 'FAILED');
  if (!failed) return undefined;
  for (const iteration of [...(failed.iterations ?? [])].reverse()) {
    const inner = failedStepOf(iteration);
    if (inner) return inner;
  }
  return failed;
}

function cut(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_FAILURE_ERROR_CHARS ? `${flat.slice(0, MAX_FAILURE_ERROR_CHARS - 1)}…` : flat;
}

/** "'Send email' (step_3) failed: <error>", or undefined when no step failed. */
export function failedStepWords(steps: readonly StepRunLike[]): string | undefined {
  const step = failedStepOf(steps);
  if (!step) return undefined;
  const name = `'${step.displayName || step.stepName}' (${step.stepName})`;
  const error = step.error ? cut(step.error) : '';
  return error ? `${name} failed: ${error}` : `${name} failed`;
}

const RUN_FAILED_WORDS: Partial<Record<RunStatus, string>> = {
  TIMEOUT: 'The run took too long and was stopped',
  MEMORY_LIMIT_EXCEEDED: 'The run ran out of memory',
  INTERNAL_ERROR: 'The run failed with an internal error',
  QUOTA_EXCEEDED: 'The daily run quota is used up',
};

/** A run that did not succeed, in words: its failed step when one failed, else what happened to the run. */
export function runFailureWords(run: { status: RunStatus; steps: readonly StepRunLike[] }): string {
  return failedStepWords(run.steps) ?? RUN_FAILED_WORDS[run.status] ?? 'The run failed';
}
