/**
 * Run retention (issue 15): runs, with their step data (the `steps` JSON of flow_runs, and whatever hangs
 * off a run by ON DELETE CASCADE), are deleted once older than RUN_RETENTION_DAYS or beyond the newest
 * RUN_RETENTION_PER_WORKFLOW runs of their workflow, so the table does not grow for ever.
 *
 * Off the hot path: the hourly prune (server/app.ts) calls `pruneRuns`; nothing a run does on its way to
 * its end waits for it. It deletes in batches of at most `batchSize` rows, one short transaction each,
 * with a pause between them, so on PGlite (one connection) a worker's claim or finish waits for one
 * batch at most, and on PostgreSQL no statement holds many locks. A pass stops at `maxBatches` and picks
 * up at the next prune.
 *
 * What is never deleted: a run still going (no finish time, or still in the run queue); and, while a
 * daily quota is set, the per-workflow rule spares runs started today (UTC), which the quota counts
 * (start-run.ts) — deleting them would hand back part of the day's quota.
 *
 * Analytics: each batch sets `flowsmith.run_retention` for its transaction, and the analytics delete
 * trigger (migration 016) then leaves the rollups as they are: the dashboards keep counting pruned runs.
 */
import type { Database } from '../db/database.ts';

export interface RetentionSettings {
  /** RUN_RETENTION_DAYS: runs that started longer ago are deleted; 0 keeps them for ever. */
  days: number;
  /** RUN_RETENTION_PER_WORKFLOW: each workflow keeps its newest this many runs; 0 keeps them all. */
  perWorkflow: number;
  /** RUN_DAILY_QUOTA > 0: today's runs count against it and the per-workflow rule keeps them. */
  keepToday: boolean;
}

export interface PruneOptions {
  batchSize?: number;
  pauseMs?: number;
  maxBatches?: number;
  signal?: AbortSignal;
  /** Called with each batch's row count (tests check the bound). */
  onBatch?: (deleted: number) => void;
}

export const RETENTION_BATCH_SIZE = 500;
export const RETENTION_PAUSE_MS = 200;
export const RETENTION_MAX_BATCHES = 2000;

/** A finished run, not in the queue: `r` is its flow_runs alias. */
const FINISHED = `r.finish_time IS NOT NULL AND NOT EXISTS (SELECT 1 FROM run_queue q WHERE q.run_id = r.id)`;
const TODAY_UTC = `(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

/** Deletes the runs `select` names (ids, at most a batch), the rollups left alone; answers the count. */
async function deleteBatch(db: Database, select: string, params: unknown[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('flowsmith.run_retention', 'on', true)`);
    const { rows } = await tx.query<{ n: number }>(
      `WITH gone AS (DELETE FROM flow_runs WHERE id IN (${select}) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      params,
    );
    return rows[0]?.n ?? 0;
  });
}

/** Deletes what retention allows, in batches; answers the runs deleted. */
export async function pruneRuns(db: Database, settings: RetentionSettings, options: PruneOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const pauseMs = options.pauseMs ?? RETENTION_PAUSE_MS;
  let batches = options.maxBatches ?? RETENTION_MAX_BATCHES;
  let total = 0;
  const stopped = () => options.signal?.aborted === true || batches <= 0;
  /** Repeats a batch until it deletes less than a full one; false when the pass must stop. */
  const drain = async (select: string, params: unknown[]): Promise<boolean> => {
    for (;;) {
      if (stopped()) return false;
      batches--;
      const deleted = await deleteBatch(db, select, params);
      options.onBatch?.(deleted);
      total += deleted;
      if (deleted < batchSize) return true;
      await pause(pauseMs, options.signal);
    }
  };

  if (settings.days > 0) {
    // Per user, along flow_runs_user_start_idx: an index probe per user, never a scan of the table.
    const old = `SELECT old.id FROM users u CROSS JOIN LATERAL (
        SELECT r.id FROM flow_runs r WHERE r.user_id = u.id AND r.start_time < now() - $1::int * interval '1 day' AND ${FINISHED}
        ORDER BY r.start_time LIMIT $2
      ) old LIMIT $2`;
    if (!(await drain(old, [settings.days, batchSize]))) return total;
  }
  if (settings.perWorkflow > 0) {
    // Workflows that may hold more runs than they keep: the analytics rollups count every run ever
    // started (retention leaves them as they are), so they name a superset, without reading flow_runs.
    const { rows } = await db.query<{ flow_id: string }>(
      `SELECT flow_id FROM analytics_flow_days GROUP BY flow_id HAVING sum(executions) > $1 ORDER BY flow_id`,
      [settings.perWorkflow],
    );
    const beyond = `SELECT beyond.id FROM (
        SELECT r.id, r.start_time, r.finish_time FROM flow_runs r WHERE r.flow_id = $1
        ORDER BY r.start_time DESC OFFSET $2
      ) beyond JOIN flow_runs r ON r.id = beyond.id
      WHERE ${FINISHED} ${settings.keepToday ? `AND r.start_time < ${TODAY_UTC}` : ''}
      LIMIT $3`;
    for (const { flow_id: flowId } of rows) {
      if (!(await drain(beyond, [flowId, settings.perWorkflow, batchSize]))) return total;
    }
  }
  return total;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref();
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
