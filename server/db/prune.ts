import { IDEMPOTENCY_KEY_HOURS } from '../../src/domain/contract/idempotency.ts';
import type { Database, Queryable } from './database.ts';

/** Hours an untouched workflow made by /workflows/create is kept before the prune deletes it. */
export const PROVISIONAL_FLOW_HOURS = 24;

/**
 * Deletes rows that can no longer change an answer: refresh, reset and email-change tokens past their expiry (a day's
 * margin keeps them around for anyone investigating a report), rate-limit windows that have ended, and
 * schedule ticks old enough that no process can still be deciding whether to fire them, and quota
 * refusal counts older than a year and a day (analytics reads them for its longest period, 1y); and activity feed entries whose latest occurrence is older than
 * `activityRetentionDays` (ACTIVITY_RETENTION_DAYS).
 */
export async function pruneExpiredRows(db: Queryable, longestWindowMs: number, activityRetentionDays: number): Promise<void> {
  await db.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM email_changes WHERE expires_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM rate_limits WHERE window_start < now() - $1::float8 * interval '1 second'`, [
    longestWindowMs / 1000,
  ]);
  await db.query(`DELETE FROM schedule_fires WHERE fire_time < now() - interval '1 day'`);
  await db.query(`DELETE FROM quota_refusals WHERE day < (now() AT TIME ZONE 'UTC')::date - 366`);
  await db.query(`DELETE FROM activities WHERE timestamp < now() - $1::int * interval '1 day'`, [activityRetentionDays]);
  // Heartbeats of processes that stopped without removing theirs (crashed, killed): listed for a minute only.
  await db.query(`DELETE FROM worker_heartbeats WHERE last_seen < now() - interval '1 day'`);
  // Idempotency-Key answers are kept a day (src/domain/contract/idempotency.ts).
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - $1::int * interval '1 hour'`, [IDEMPOTENCY_KEY_HOURS]);
  // Workflows /workflows/create made and nobody touched for a day (migration 024).
  await db.query(`DELETE FROM flows WHERE provisional AND created < now() - $1::int * interval '1 hour'`, [PROVISIONAL_FLOW_HOURS]);
}

/** Small tables every run or request writes and deletes from: their dead rows pile up fastest. */
export const CHURNING_TABLES = ['run_queue', 'rate_limits', 'worker_heartbeats', 'idempotency_keys', 'schedule_fires'] as const;

/**
 * What autovacuum does on PostgreSQL, for the embedded database, which runs none (PGlite has no
 * background processes): the churning tables' dead rows are reclaimed and their statistics renewed, so
 * the queue's claim keeps walking a compact index and the planner sees the tables as they are. Only
 * these small tables: a VACUUM holds PGlite's one connection while it runs, and flow_runs may be large.
 */
export async function vacuumEmbedded(db: Database): Promise<void> {
  if (db.kind !== 'pglite') return;
  await db.query(`VACUUM (ANALYZE) ${CHURNING_TABLES.join(', ')}`);
}
