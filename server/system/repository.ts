/**
 * What the System screen reads: queue counts (the user's and everyone's; counts only, never whose) and
 * the worker processes seen lately with the runs each holds. Plain reads, no writes.
 */
import type { Queryable } from '../db/database.ts';

export interface QueueCounts {
  mine_waiting: number;
  mine_running: number;
  all_waiting: number;
  all_running: number;
}

export async function queueCounts(db: Queryable, userId: string): Promise<QueueCounts> {
  const { rows } = await db.query<QueueCounts>(
    `SELECT count(*) FILTER (WHERE user_id = $1 AND claimed_by IS NULL)::int AS mine_waiting,
            count(*) FILTER (WHERE user_id = $1 AND claimed_by IS NOT NULL)::int AS mine_running,
            count(*) FILTER (WHERE claimed_by IS NULL)::int AS all_waiting,
            count(*) FILTER (WHERE claimed_by IS NOT NULL)::int AS all_running
     FROM run_queue`,
    [userId],
  );
  return rows[0] ?? { mine_waiting: 0, mine_running: 0, all_waiting: 0, all_running: 0 };
}

export interface WorkerProcessRow {
  id: string;
  app_version: string;
  worker_slots: number;
  running: number;
  started_at: Date | string;
  last_seen: Date | string;
}

/** Processes whose heartbeat is at most `withinSeconds` old, the longest-running first. */
export async function recentWorkerProcesses(db: Queryable, withinSeconds: number): Promise<WorkerProcessRow[]> {
  const { rows } = await db.query<WorkerProcessRow>(
    `SELECT h.id, h.app_version, h.worker_slots, h.started_at, h.last_seen,
            (SELECT count(*) FROM run_queue q WHERE q.claimed_by = h.id)::int AS running
     FROM worker_heartbeats h
     WHERE h.last_seen > now() - $1::int * interval '1 second'
     ORDER BY h.started_at, h.id
     LIMIT 100`,
    [withinSeconds],
  );
  return rows;
}

/** The server's PostgreSQL version ("17.5"); PGlite answers with the version it embeds. */
export async function databaseVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ server_version: string }>('SHOW server_version');
  return (rows[0]?.server_version ?? '').split(' ')[0] ?? '';
}
