/**
 * Starting a run: every way a run begins (the Run button, a schedule tick, a webhook call) comes here.
 * Within the user's daily quota the run is queued; beyond it the refusal is counted, and the first of
 * the day is recorded as a QUOTA_EXCEEDED run, so the user sees in their executions why nothing ran. Counting and queueing happen
 * under a per-user advisory lock, so two processes starting runs at the same moment cannot both take
 * the last slot. A run within the quota is queued in one statement (migration 017: the lock, the count
 * and the insert in one call); only a refusal takes a transaction.
 */
import type { Activity } from '../../src/domain/contract/analytics.ts';
import { describe, recordActivity, workflowName } from '../activity/recording.ts';
import type { Database, Queryable, Transaction } from '../db/database.ts';
import { storableJson } from '../db/stored-values.ts';
import { flowToRunOf, flowToRunSql, type FlowToRun, type FlowToRunRow } from '../workflows/runs-port.ts';
import { queueWithinQuota, sourceOf } from './run-queue.ts';
import type { RetryMode } from './run-resume.ts';
import type { RunSource } from '../../src/domain/contract/runs.ts';

export interface RunRequest {
  flowId: string;
  versionId: string;
  userId: string;
  payload: unknown;
  /** A retry of that run (run-retry.ts): FROM_FAILED_STEP keeps its finished steps, ON_LATEST_VERSION runs afresh. */
  retryOf?: string;
  retryMode?: RetryMode;
  /** Keep the payload as the trigger's sample data when the run is queued (a webhook call). */
  triggerSample?: boolean;
  /** How the run started (migration 021): 'manual' unless said, 'retry' when `retryOf` is set. */
  startedBy?: RunSource;
}

export type StartedRun =
  /** `queuedAt`: the run's start time as the API shows it while it waits. */
  | { runId: string; queued: true; queuedAt: Date }
  /** `activity`: the quota_reached entry, written by the workflow's first refusal of the day only. */
  | { runId: string; queued: false; status: 'QUOTA_EXCEEDED'; activity: Activity | null };

/**
 * Runs the user started since the last UTC midnight, counting queued ones and not the refused ones (a run
 * put back after its worker died has its flow_runs row already: counted once).
 */
export async function runsToday(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT flowsmith_runs_today($1) AS n`, [userId]);
  return rows[0]?.n ?? 0;
}

/**
 * Queues a run, or refuses it as QUOTA_EXCEEDED when the user has used `dailyQuota` runs today
 * (0: no limit). Must run inside a transaction (the lock is released at its end).
 */
export async function startRun(tx: Transaction, request: RunRequest, dailyQuota: number): Promise<StartedRun> {
  const queued = await queueWithinQuota(tx, request, dailyQuota);
  if (queued) return { ...queued, queued: true };
  return { ...(await recordRefusal(tx, request)), queued: false, status: 'QUOTA_EXCEEDED' };
}

/**
 * `startRun` outside a transaction: a run within the quota costs one statement; a refusal is recorded in
 * a transaction of its own (which counts again under the lock: the quota may have changed meanwhile).
 */
export async function startRunNow(db: Database, request: RunRequest, dailyQuota: number): Promise<StartedRun> {
  const queued = await queueWithinQuota(db, request, dailyQuota);
  if (queued) return { ...queued, queued: true };
  return db.transaction((tx) => startRun(tx, request, dailyQuota));
}

/** A Run-button start: the workflow, the version to run and the payload given by the caller. */
export interface RunOfFlowRequest {
  userId: string;
  flowId: string;
  versionId: string | undefined;
  payload: unknown;
}

/**
 * The Run button's start in one statement: looks the workflow and its version up (`flowToRunSql`) and,
 * when the version exists and is valid, queues the run within the quota (migration 017's function,
 * called only for that row). `toRun` undefined: not the user's workflow; `started` null: nothing was
 * queued, because the version is missing or invalid (the caller says which), or because of the quota,
 * whose refusal is then recorded as `startRunNow` records it.
 */
export async function startRunOfFlow(db: Database, request: RunOfFlowRequest, dailyQuota: number): Promise<{ toRun: FlowToRun | undefined; started: StartedRun | null }> {
  const { rows } = await db.query<FlowToRunRow & { queued_id: string | null; queued_at: Date | null }>(
    `WITH target AS (${flowToRunSql('$1', '$2', '$3')}),
     queued AS (
       SELECT r.queued_id, r.queued_at FROM target t
       CROSS JOIN LATERAL flowsmith_queue_run($1, t.id, t.version_id, $4::jsonb, NULL, NULL, $5, 'manual') r
       WHERE t.version_id IS NOT NULL AND t.valid
     )
     SELECT t.*, q.queued_id, q.queued_at FROM target t LEFT JOIN queued q ON true`,
    [request.userId, request.flowId, request.versionId ?? null, storableJson(request.payload ?? {}, 'The run payload'), dailyQuota],
  );
  const row = rows[0];
  if (!row) return { toRun: undefined, started: null };
  const toRun = flowToRunOf(row);
  if (row.queued_id && row.queued_at) return { toRun, started: { runId: row.queued_id, queued: true, queuedAt: row.queued_at } };
  if (!toRun.version?.valid) return { toRun, started: null };
  const refused = { flowId: toRun.flow.id, versionId: toRun.version.id, userId: request.userId, payload: request.payload };
  return { toRun, started: await db.transaction((tx) => startRun(tx, refused, dailyQuota)) };
}

/**
 * Counts a refusal; the workflow's first of the (UTC) day is also kept as a QUOTA_EXCEEDED run, which
 * later refusals answer with (migration 006: a run per refusal let a schedule write one row a tick), and
 * written to the activity feed as quota_reached (so once per workflow per day too).
 */
async function recordRefusal(tx: Transaction, request: RunRequest): Promise<{ runId: string; activity: Activity | null }> {
  const { rows } = await tx.query<{ run_id: string | null }>(
    `INSERT INTO quota_refusals (flow_id, day, refused) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1)
     ON CONFLICT (flow_id, day) DO UPDATE SET refused = quota_refusals.refused + 1
     RETURNING run_id`,
    [request.flowId],
  );
  if (rows[0]?.run_id) return { runId: rows[0].run_id, activity: null };
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO flow_runs (flow_id, version_id, user_id, status, start_time, finish_time, steps, started_by)
     VALUES ($1, $2, $3, 'QUOTA_EXCEEDED', date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()), '[]'::jsonb, $4)
     RETURNING id`,
    [request.flowId, request.versionId, request.userId, sourceOf(request)],
  );
  const runId = inserted.rows[0]!.id;
  await tx.query(`UPDATE quota_refusals SET run_id = $2 WHERE flow_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`, [request.flowId, runId]);
  const activity = await recordActivity(tx, {
    userId: request.userId,
    type: 'quota_reached',
    workflowId: request.flowId,
    runId,
    description: describe.quotaReached(await workflowName(tx, request.flowId)),
  });
  return { runId, activity };
}
