/**
 * A server process that runs workers says so every few seconds: it upserts its row in
 * `worker_heartbeats` (migration 014), and deletes it when it stops. A process that died keeps a row that
 * no longer moves; the System screen lists rows seen within WORKER_SEEN_WITHIN_SECONDS and pruning
 * (server/db/prune.ts) deletes them after a day. The row's id is the workers' own id, the one their claims
 * carry in `run_queue.claimed_by`, so the screen can count the runs each process holds.
 */
import type { Database } from '../db/database.ts';

/** Well inside WORKER_SEEN_WITHIN_SECONDS, so one late beat never hides a live process. */
export const HEARTBEAT_INTERVAL_MS = 10_000;

export interface HeartbeatOptions {
  db: Database;
  id: string;
  appVersion: string;
  workerSlots: number;
  intervalMs?: number;
  log: (message: string, error: unknown) => void;
}

export interface Heartbeat {
  /** Stops beating and removes the row (best effort: a failure only leaves a row that ages out). */
  stop(): Promise<void>;
}

export async function startHeartbeat({ db, id, appVersion, workerSlots, intervalMs = HEARTBEAT_INTERVAL_MS, log }: HeartbeatOptions): Promise<Heartbeat> {
  const startedAt = new Date();
  let beating: Promise<void> = Promise.resolve();
  const beat = () =>
    db
      .query(
        `INSERT INTO worker_heartbeats (id, app_version, worker_slots, started_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET last_seen = date_trunc('milliseconds', clock_timestamp()),
           app_version = EXCLUDED.app_version, worker_slots = EXCLUDED.worker_slots`,
        [id, appVersion, workerSlots, startedAt],
      )
      .then(() => undefined);
  // The first beat is awaited: a process is listed as soon as it serves.
  await beat().catch((error: unknown) => log('Writing the worker heartbeat failed', error));
  const timer = setInterval(() => {
    beating = beat().catch((error: unknown) => log('Writing the worker heartbeat failed', error));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await beating;
      await db.query('DELETE FROM worker_heartbeats WHERE id = $1', [id]).catch((error: unknown) => log('Removing the worker heartbeat failed', error));
    },
  };
}
