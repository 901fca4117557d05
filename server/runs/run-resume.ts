/**
 * Durable runs (issue 15), the queue-agnostic part: what a worker resumes a run from, and what lease
 * recovery does with a run whose worker died. Whatever carries the queue (today run-queue.ts) calls these:
 * - `requeueCrashed`: the run goes back to waiting, its `flow_runs` row (RUNNING, with the steps stored
 *   so far — its checkpoint) kept, `resumes` counted, so the next free worker of any process takes it;
 * - `checkpointOf`: the stored step records a claimed run starts from — its own after a crash, else those
 *   of the run a 'Retry from failed step' retries — handed to the engine as `resumeFrom` (replay.ts);
 * - `crashedSteps`: a run that killed its worker RUN_MAX_RESUMES + 1 times ends INTERNAL_ERROR, and the
 *   step it was on says why (the run is not resumed for ever).
 */
import type { Database, Queryable } from '../db/database.ts';
import type { StepRunInput } from './runs-repository.ts';
import type { RetryStrategy } from '../../src/domain/contract/runs.ts';

export type RetryMode = RetryStrategy;

/** What a claim tells about a run's history. */
export interface RunOrigin {
  runId: string;
  userId: string;
  /** Times it was put back after its worker died. */
  resumes: number;
  retryOf: string | null;
  retryMode: RetryMode | null;
}

/** Puts an expired claim back in the queue; false when it was not expired any more (renewed, or gone). */
export async function requeueCrashed(db: Queryable, runId: string): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE run_queue SET claimed_by = NULL, lease_until = NULL, resumes = resumes + 1
     WHERE run_id = $1 AND claimed_by IS NOT NULL AND lease_until < clock_timestamp() RETURNING run_id`,
    [runId],
  );
  return rows.length > 0;
}

/** The step records a claimed run resumes from, or undefined to run from the start. */
export async function checkpointOf(db: Database, run: RunOrigin): Promise<StepRunInput[] | undefined> {
  const source = run.resumes > 0 ? run.runId : null;
  if (source) {
    const own = await storedSteps(db, source, run.userId);
    if (own && own.length > 1) return own;
  }
  if (run.retryMode === 'FROM_FAILED_STEP' && run.retryOf) return storedSteps(db, run.retryOf, run.userId);
  return undefined;
}

async function storedSteps(db: Database, runId: string, userId: string): Promise<StepRunInput[] | undefined> {
  // As text, parsed here (the queue's claim does the same with payloads: JSON.parse has no depth limit).
  const { rows } = await db.query<{ steps: string }>(`SELECT steps::text AS steps FROM flow_runs WHERE id = $1 AND user_id = $2`, [runId, userId]);
  const text = rows[0]?.steps;
  return text ? (JSON.parse(text) as StepRunInput[]) : undefined;
}

export function crashMessage(resumes: number): string {
  return resumes === 0
    ? 'INTERNAL_ERROR: the worker running this step stopped (its process died)'
    : `INTERNAL_ERROR: the worker running this step stopped ${resumes + 1} times (resumed ${resumes} times, RUN_MAX_RESUMES); the run was ended`;
}

/**
 * The stored steps of a run ended by lease recovery: every step still RUNNING (the one its worker died
 * on, and the loops and routers around it) FAILED with `message`; one FAILED record is added when none
 * was running (the worker died between steps).
 */
export function crashedSteps(steps: readonly StepRunInput[], message: string): StepRunInput[] {
  let marked = false;
  const mark = (list: readonly StepRunInput[]): StepRunInput[] =>
    list.map((step) => {
      const iterations = step.iterations?.map(mark);
      if (step.status !== 'RUNNING') return iterations ? { ...step, iterations } : step;
      marked = true;
      return { ...step, status: 'FAILED', error: step.error ?? message, ...(iterations ? { iterations } : {}) };
    });
  const result = mark(steps);
  if (!marked) result.push({ stepName: 'trigger', displayName: 'Worker', type: '', status: 'FAILED', error: message });
  return result;
}
