/**
 * Runs queued in PostgreSQL (issue #6). Any number of server processes on one database take runs from
 * it without ever running one twice: a claim locks the oldest waiting row with `FOR UPDATE SKIP LOCKED`,
 * so concurrent claims pass over each other's rows. The claimer holds a lease it renews while the run
 * goes on; a lease that runs out (its process died mid-run) is found by `recoverExpired` — at start and
 * then periodically — and the run is put back for another worker to resume from its checkpoint
 * (run-resume.ts), up to RUN_MAX_RESUMES times; then it is closed as INTERNAL_ERROR, never left RUNNING.
 */
import type { Database, Queryable } from '../db/database.ts';
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { ROLLUP_CTES, RUN_OCCURRENCE_CTE, toActivityDto, type ActivityRow } from '../activity/recording.ts';
import { storableJson } from '../db/stored-values.ts';
import { triggerSampleSql } from '../engine/step-samples.ts';
import { normalizeStep, type StepRunInput } from './runs-repository.ts';
import { crashedSteps, crashMessage, requeueCrashed, type RetryMode, type RunOrigin } from './run-resume.ts';
import { flowClaimLockSql, roomForRunSql } from './concurrency.ts';
import type { RunSource } from '../../src/domain/contract/runs.ts';
import { noteNotificationCtes } from '../notifications/store.ts';

export interface QueuedRun extends RunOrigin {
  runId: string;
  flowId: string;
  versionId: string;
  userId: string;
  payload: unknown;
}

/**
 * What `enqueueRun` takes: a retry names the run it retries (migration 015); a webhook's run keeps its
 * payload as the trigger's sample data when it is queued (`triggerSample`).
 */
export type RunToQueue = Omit<QueuedRun, 'runId' | 'resumes' | 'retryOf' | 'retryMode'> & {
  retryOf?: string;
  retryMode?: RetryMode;
  triggerSample?: boolean;
  /** How the run started (migration 021); a retry when it names the run it retries, else 'manual'. */
  startedBy?: RunSource;
};

/** The source recorded for a run to queue. */
export const sourceOf = (run: Pick<RunToQueue, 'startedBy' | 'retryOf'>): RunSource => run.startedBy ?? (run.retryOf ? 'retry' : 'manual');

export interface FinishedRun {
  status: string;
  /** Stored in the API's shape (runs-repository's `normalizeStep`). */
  steps: readonly StepRunInput[];
}

/** Queues a run (no quota); answers its id. */
export async function enqueueRun(db: Queryable, run: RunToQueue): Promise<string> {
  return (await queueWithinQuota(db, run, 0))!.runId;
}

/** A run just queued: its id and when it was queued (the start time the API shows while it waits). */
export interface QueuedAt {
  runId: string;
  queuedAt: Date;
}

/**
 * Queues a run in one statement under its user's lock (migration 017), or answers null when the user
 * started `dailyQuota` (> 0) runs today; inside a transaction the lock is then held until it ends.
 */
export async function queueWithinQuota(db: Queryable, run: RunToQueue, dailyQuota: number): Promise<QueuedAt | null> {
  const queue = `SELECT queued_id, queued_at FROM flowsmith_queue_run($1, $2, $3, $4::jsonb, $5, $6, $7, $8)`;
  const { rows } = await db.query<{ queued_id: string | null; queued_at: Date | null }>(
    run.triggerSample
      ? `WITH queued AS (${queue}), sample AS (${triggerSampleSql('$2::uuid', '$4::jsonb', 'queued WHERE queued.queued_id IS NOT NULL')})
         SELECT queued_id, queued_at FROM queued`
      : queue,
    [run.userId, run.flowId, run.versionId, storableJson(run.payload ?? {}, 'The run payload'), run.retryOf ?? null, run.retryMode ?? null, dailyQuota, sourceOf(run)],
  );
  const row = rows[0];
  return row?.queued_id && row.queued_at ? { runId: row.queued_id, queuedAt: row.queued_at } : null;
}

/**
 * Takes the oldest waiting run for `workerId` and opens its record as RUNNING; null when none waits.
 * A user who already has `perUser` runs claimed, and a workflow at its own maximum of concurrent runs,
 * are passed over (concurrency.ts), so one user's flood of slow runs leaves workers for everyone else's
 * (across processes the per-user count may briefly overshoot by a concurrent claim; a workflow's maximum
 * is held exactly).
 */
export async function claimRun(db: Database, workerId: string, leaseMs: number, perUser = 1_000_000): Promise<QueuedRun | null> {
  // A claim that lost its run of a limited workflow to another claim tries again, a few times.
  for (let tries = 0; tries < 3; tries++) {
    const claimed = await claimOnce(db, workerId, leaseMs, perUser);
    if (claimed !== 'contended') return claimed;
  }
  return null;
}

/**
 * The columns a claim opens the run's record with and answers (the CTEs `claimed` → `opened`). A run put
 * back after its worker died has its flow_runs row already (its checkpoint): kept as it is.
 */
const OPEN_CLAIMED = `opened AS (
       INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time, steps, retry_of, retry_mode, started_by)
       SELECT run_id, flow_id, version_id, user_id, 'RUNNING', date_trunc('milliseconds', clock_timestamp()), '[]'::jsonb, retry_of, retry_mode, started_by FROM claimed
       ON CONFLICT (id) DO NOTHING
     )`;

type ClaimRow = {
  run_id: string;
  flow_id: string;
  version_id: string;
  user_id: string;
  payload: string | null;
  limited: boolean;
  resumes: number | null;
  retry_of: string | null;
  retry_mode: RetryMode | null;
  /** Whether the claim's UPDATE took the picked run (claimOnce's first statement). */
  claimed?: boolean;
};

async function claimOnce(db: Database, workerId: string, leaseMs: number, perUser: number): Promise<QueuedRun | null | 'contended'> {
  // One statement (its own transaction): pick, lease and open the run's record in one round trip to
  // the database, which is what a claim costs most. The payload comes as text, parsed here (JSON.parse
  // has no depth limit): a payload queued before depth checks existed must reach the engine, which
  // fails its run, not break every claim. `flowsmith_next_run` (migration 020) picks the run with a plan
  // that does not depend on the queue's statistics. A run of a workflow with a maximum is only picked
  // here and confirmed below under the workflow's lock.
  const { rows } = await db.query<ClaimRow>(
    `WITH next AS (SELECT * FROM flowsmith_next_run($3)), claimed AS (
       UPDATE run_queue q SET claimed_by = $1, lease_until = clock_timestamp() + $2 * interval '1 millisecond'
       FROM next WHERE q.run_id = next.run_id AND NOT next.limited
       RETURNING q.run_id, q.flow_id, q.version_id, q.user_id, q.payload, q.resumes, q.retry_of, q.retry_mode, q.started_by
     ), ${OPEN_CLAIMED}
     SELECT n.run_id, n.flow_id, n.version_id, n.user_id, c.payload::text AS payload, n.limited, c.resumes, c.retry_of, c.retry_mode,
            c.run_id IS NOT NULL AS claimed
     FROM next n LEFT JOIN claimed c ON c.run_id = n.run_id`,
    [workerId, leaseMs, perUser],
  );
  const row = rows[0];
  if (!row) return null;
  // The pick may see a run queued after this statement began (the function's query takes a newer
  // snapshot than the UPDATE's), which the UPDATE then cannot claim: that run is not ours; look again.
  if (!row.limited) return row.claimed ? queuedRun(row) : 'contended';
  const confirmed = await db.transaction(async (tx) => {
    await tx.query(flowClaimLockSql('$1'), [row.flow_id]);
    // A statement begun after the lock sees every claim of this workflow committed before it.
    const { rows: done } = await tx.query<ClaimRow>(
      `WITH claimed AS (
         UPDATE run_queue q SET claimed_by = $2, lease_until = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE q.run_id = $1 AND q.claimed_by IS NULL AND ${roomForRunSql('q', '$4')}
         RETURNING q.run_id, q.flow_id, q.version_id, q.user_id, q.payload, q.resumes, q.retry_of, q.retry_mode, q.started_by
       ), ${OPEN_CLAIMED}
       SELECT run_id, flow_id, version_id, user_id, payload::text AS payload, true AS limited, resumes, retry_of, retry_mode FROM claimed`,
      [row.run_id, workerId, leaseMs, perUser],
    );
    return done[0];
  });
  return confirmed ? queuedRun(confirmed) : 'contended';
}

function queuedRun(row: ClaimRow): QueuedRun {
  return {
    runId: row.run_id,
    flowId: row.flow_id,
    versionId: row.version_id,
    userId: row.user_id,
    payload: JSON.parse(row.payload ?? '{}') as unknown,
    resumes: row.resumes ?? 0,
    retryOf: row.retry_of,
    retryMode: row.retry_mode,
  };
}

/** Extends the lease while a long run goes on; false if the run is no longer this worker's. */
export async function renewLease(db: Database, runId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE run_queue SET lease_until = clock_timestamp() + $3 * interval '1 millisecond' WHERE run_id = $1 AND claimed_by = $2 RETURNING run_id`,
    [runId, workerId, leaseMs],
  );
  return rows.length > 0;
}

/**
 * Stores the steps of a run still going (only while this worker holds it and the run is RUNNING), so
 * whoever reads the run sees how far it got; false when it is no longer this worker's to write.
 */
export async function recordProgress(db: Database, runId: string, workerId: string, steps: readonly StepRunInput[]): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE flow_runs SET steps = $3::jsonb
     WHERE id = $1 AND status = 'RUNNING' AND EXISTS (SELECT 1 FROM run_queue WHERE run_id = $1 AND claimed_by = $2)
     RETURNING id`,
    [runId, workerId, storableJson(steps.map(normalizeStep), 'The run')],
  );
  return rows.length > 0;
}

/** What recording a run's end wrote besides the run: its activity entry (server/activity), if any. */
export interface RecordedEnd {
  activity: Activity | null;
  /** The bell's notification the same statement kept (issue 17), when a notice was given. */
  notificationId: string | null;
  /** The run the same statement claimed next for this worker (`claimNext`), if one waited with room. */
  next: QueuedRun | null;
}

/** The bell's sentence for a run's end (issue 17), kept as a notification by `finishRun`'s statement. */
export interface RunEndNotice {
  message: string;
  level: 'success' | 'error' | 'info' | 'warning';
}

/** Asks `finishRun` to claim the worker's next run in the same statement (see `claimRun`). */
export interface ClaimNext {
  leaseMs: number;
  perUser: number;
}

/**
 * Records the outcome, takes the run off the queue (only while this worker still holds it) and rolls the
 * outcome into the activity feed; one statement. Null when the run was no longer this worker's.
 *
 * With `claimNext` the same statement also claims the next waiting run, as `claimRun` would: a busy
 * worker then makes one round trip and one commit between two runs instead of two. The run just ended
 * may still count against its user's share in that claim (whether the claim sees its own statement's
 * delete is the planner's choice), which can only hold a run back until the next claim, never start one
 * past a limit. A run of a workflow with a maximum of its own is left for `claimRun`, which confirms it
 * under the workflow's lock.
 */
export async function finishRun(
  db: Database,
  runId: string,
  workerId: string,
  result: FinishedRun,
  claimNext?: ClaimNext,
  notice?: RunEndNotice,
): Promise<RecordedEnd | null> {
  const params: unknown[] = [runId, workerId, result.status, storableJson(result.steps.map(normalizeStep), 'The run')];
  const param = (value: unknown) => `$${params.push(value)}`;
  // The notification rides in this statement (issue 17): a run's end stays one round trip.
  const noting = notice
    ? `, ${noteNotificationCtes(`SELECT e.user_id, 'run_finished' AS type, ${param(notice.message)}::text AS message, ${param(notice.level)}::text AS level, e.id AS run_id, e.flow_id FROM ended e`)}`
    : '';
  const claiming = claimNext
    ? `, next AS (
         SELECT n.* FROM flowsmith_next_run(${param(claimNext.perUser)}) n WHERE EXISTS (SELECT 1 FROM gone) AND NOT n.limited
       ), claimed AS (
         UPDATE run_queue q SET claimed_by = $2, lease_until = clock_timestamp() + ${param(claimNext.leaseMs)} * interval '1 millisecond'
         FROM next WHERE q.run_id = next.run_id
         RETURNING q.run_id, q.flow_id, q.version_id, q.user_id, q.payload, q.resumes, q.retry_of, q.retry_mode, q.started_by
       ), ${OPEN_CLAIMED}`
    : '';
  const { rows } = await db.query<{ id: string; activity: ActivityRow | null; notification_id?: string | null } & Partial<Record<keyof ClaimRow, unknown>>>(
    `WITH gone AS (DELETE FROM run_queue WHERE run_id = $1 AND claimed_by = $2 RETURNING run_id),
     ended AS (
       UPDATE flow_runs SET status = $3, finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $4::jsonb
       WHERE id IN (SELECT run_id FROM gone) RETURNING id, flow_id, user_id, status
     ),
     ${RUN_OCCURRENCE_CTE},
     ${ROLLUP_CTES}${noting}${claiming}
     SELECT e.id, (SELECT to_jsonb(r) FROM recorded r LIMIT 1) AS activity${notice ? ', (SELECT id FROM noted LIMIT 1) AS notification_id' : ''}${
       claimNext
         ? `, c.run_id, c.flow_id, c.version_id, c.user_id, c.payload::text AS payload, false AS limited, c.resumes, c.retry_of, c.retry_mode
     FROM ended e LEFT JOIN claimed c ON true`
         : ' FROM ended e'
     }`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    activity: row.activity ? toActivityDto(row.activity) : null,
    notificationId: row.notification_id ?? null,
    next: row.run_id ? queuedRun(row as unknown as ClaimRow) : null,
  };
}

/**
 * Runs whose worker's lease ran out: put back in the queue to be resumed from their checkpoint while
 * they were resumed fewer than `maxResumes` times (run-resume.ts), else closed as INTERNAL_ERROR, the step
 * they were on saying why, each with its activity entry; answers the entries written (one per run
 * closed, unless its user is gone). Each run is closed in its own short transaction: one that held every
 * closed run's rollup and activity rows until the end would wait on, and be waited on by, the live
 * workers finishing runs of the same users and hours (a deadlock).
 */
export async function recoverExpired(db: Database, maxResumes = 0): Promise<Array<{ userId: string; activity: Activity | null }>> {
  const { rows: expired } = await db.query<{ run_id: string; resumes: number }>(
    `SELECT run_id, resumes FROM run_queue WHERE claimed_by IS NOT NULL AND lease_until < clock_timestamp() ORDER BY run_id`,
  );
  const closed: Array<{ userId: string; activity: Activity | null }> = [];
  for (const { run_id: runId, resumes } of expired) {
    if (resumes < maxResumes) {
      await requeueCrashed(db, runId);
      continue;
    }
    const { rows: stored } = await db.query<{ steps: string }>(`SELECT steps::text AS steps FROM flow_runs WHERE id = $1`, [runId]);
    const steps = crashedSteps(stored[0] ? (JSON.parse(stored[0].steps) as StepRunInput[]) : [], crashMessage(resumes));
    const ended = await db.query<{ user_id: string; activity: ActivityRow | null }>(
      `WITH gone AS (
         DELETE FROM run_queue WHERE run_id = $1 AND claimed_by IS NOT NULL AND lease_until < clock_timestamp() RETURNING run_id
       ),
       ended AS (
         UPDATE flow_runs SET status = 'INTERNAL_ERROR', finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $2::jsonb
         WHERE id IN (SELECT run_id FROM gone) AND status = 'RUNNING' RETURNING id, flow_id, user_id, status
       ),
       ${RUN_OCCURRENCE_CTE},
       ${ROLLUP_CTES}
       SELECT e.user_id, (SELECT to_jsonb(r) FROM recorded r LIMIT 1) AS activity FROM ended e`,
      [runId, storableJson(steps.map(normalizeStep), 'The run')],
    );
    const row = ended.rows[0];
    if (row) closed.push({ userId: row.user_id, activity: row.activity ? toActivityDto(row.activity) : null });
  }
  return closed;
}
