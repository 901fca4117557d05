/**
 * What the live connection says about a run (SPEC §7 leaves notification formats open): `run_progress`
 * while it runs — no text, so the bell does not list it; the screens showing the run read it again —
 * and `run_finished` when it ended, with the sentence the bell shows. Both name the run and its
 * workflow; the run itself is read over HTTP, so a message stays small whatever the run holds.
 */
import type { LiveMessage } from '../live/live-hub.ts';
import { failedStepWords, type StepRunLike } from '../../src/domain/flow/run-failure.ts';

export const RUN_PROGRESS = 'run_progress';
export const RUN_FINISHED = 'run_finished';

const OUTCOME: Record<string, string> = {
  SUCCEEDED: 'succeeded',
  FAILED: 'failed',
  TIMEOUT: 'timed out',
  MEMORY_LIMIT_EXCEEDED: 'ran out of memory',
  INTERNAL_ERROR: 'failed with an internal error',
  STOPPED: 'was stopped',
};

interface RunIdentity {
  runId: string;
  flowId: string;
}

export function runProgressMessage(run: RunIdentity): LiveMessage {
  return { type: RUN_PROGRESS, data: { message: '', runId: run.runId, flowId: run.flowId, status: 'RUNNING' } };
}

/** The bell's sentence for a run's end; a failure names its failed step and error (issue 17). */
export function runFinishedText(status: string, workflowName: string, steps: readonly StepRunLike[] = []): string {
  const outcome = OUTCOME[status] ?? status.toLowerCase();
  const failed = status === 'SUCCEEDED' || status === 'STOPPED' ? undefined : failedStepWords(steps);
  return `Run of “${workflowName}” ${outcome}${failed ? `: ${failed}` : ''}`;
}

/**
 * The live message of a run's end: its sentence (`runFinishedText`), its level for the bell's colour, and
 * `notificationId`, the stored notification it is (issue 17), when one was kept.
 */
export function runFinishedMessage(run: RunIdentity, status: string, message: string, notificationId: string | null = null): LiveMessage {
  const level = status === 'SUCCEEDED' || status === 'STOPPED' ? 'success' : 'error';
  return {
    type: RUN_FINISHED,
    data: { message, runId: run.runId, flowId: run.flowId, status, level, ...(notificationId ? { notificationId } : {}) },
  };
}
