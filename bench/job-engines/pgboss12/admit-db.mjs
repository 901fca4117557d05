// Copied from ../admit-db.mjs; changes: the statement kinds of pg-boss 12, an `other` breakdown, and the
// counted pg-boss `db` (counter.boss) now also implements IDatabase.listen (adapters.mjs), so pg-boss 12's
// useListenNotify works through it. The tables (SCHEMA) and seedUsers are unchanged.
// The database seam of the admission benchmark (admit.mjs): one small interface over PostgreSQL (pg.Pool) and
// PGlite (the worker thread of common.mjs), which COUNTS the statements (round trips) sent through it.
//   const db = await openDb({ url } | { thread });  db.counter('work').query(sql, params) ...
// Each counter (`work`, `enqueue`...) is a view of the same connection(s) with its own tally; BEGIN and COMMIT
// count as statements. `db.raw` is not counted (the sampler, set-up and checks).
import pg from 'pg';
import { bossDbOverPglite, bossDbOverPgPool } from './adapters.mjs';

/** What a statement is, from its first words (the statements of admit-engines.mjs and of pg-boss 12). */
const KINDS = [
  [/^WITH next AS \(\s*SELECT q\.run_id/, 'ours claim'], [/^WITH gone AS/, 'ours finish'], [/^SELECT run_id, resumes/, 'ours recover'], [/^INSERT INTO run_queue/, 'ours enqueue'],
  [/^WITH\s+(active_group_count_map AS|next AS \(\s*SELECT j\.id)/, 'boss fetch'], [/^WITH results AS \(\s*UPDATE \S+\s+SET completed_on/, 'boss complete'],
  [/^WITH results AS \(\s*UPDATE \S+\s+SET heartbeat_on/, 'boss touch'], [/^(WITH ins AS \(\s*)?INSERT INTO \S+\.job\w* \(/, 'boss insert'],
  [/^WITH b AS \(\s*SELECT \* FROM json_to_recordset/, 'open (boss12)'],
  [/^UPDATE flow_runs SET status = 'SUCCEEDED'/, 'finish (boss12)'],
  [/^SELECT pg_advisory_xact_lock\(hashtextextended\('pgboss-fetch:/, 'fetch lock (boss12-locked)'], [/^(BEGIN|COMMIT)/, 'begin/commit'],
];
const OTHER = 'other (pg-boss maintenance, monitor, locks)';
const kindOf = (sql) => KINDS.find(([re]) => re.test(sql.trimStart()))?.[1] ?? OTHER;
/** The first words of the `other` statements, for the breakdown (whitespace squeezed). */
const otherKey = (sql) => sql.trim().replace(/\s+/g, ' ').slice(0, 70);

export async function openDb({ url, thread, max = 10 }) {
  const counts = {};
  const kinds = {};
  const others = {};
  let base, pool;
  if (thread) {
    base = {
      query: (sql, params) => thread.query(sql, params ?? []),
      exec: (sql) => thread.exec(sql),
      async transaction(fn) { return thread.transaction((tx) => fn({ query: (s, p) => tx.query(s, p ?? []), exec: (s) => tx.exec(s) })); },
      end: async () => {},
    };
  } else {
    pool = new pg.Pool({ connectionString: url, max });
    pool.on('error', () => {});
    base = {
      query: (sql, params) => pool.query(sql, params),
      exec: (sql) => pool.query(sql),
      async transaction(fn) {
        const c = await pool.connect();
        try { await c.query('BEGIN'); const r = await fn({ query: (s, p) => c.query(s, p), exec: (s) => c.query(s) }); await c.query('COMMIT'); return r; }
        catch (e) { await c.query('ROLLBACK').catch(() => {}); throw e; }
        finally { c.release(); }
      },
      end: () => pool.end(),
    };
  }
  const counter = (tag) => {
    counts[tag] ??= 0;
    const bump = (sql) => { counts[tag]++; const k = kindOf(sql); kinds[k] = (kinds[k] ?? 0) + 1; if (k === OTHER) { const o = otherKey(sql); others[o] = (others[o] ?? 0) + 1; } };
    const view = (target) => ({
      query: (sql, params) => { bump(sql); return target.query(sql, params); },
      exec: (sql) => { bump(sql); return target.exec(sql); },
    });
    return {
      ...view(base),
      // BEGIN and COMMIT are round trips too (PGlite thread: the begin and end messages).
      async transaction(fn) { bump('BEGIN'); bump('COMMIT'); return base.transaction((tx) => fn(view(tx))); },
      /** pg-boss 12's `db` option (IDatabase): executeSql (multi-statement text without values goes to exec) and listen. */
      boss: thread ? bossDbOverPglite(thread, bump) : bossDbOverPgPool(pool, url, bump),
    };
  };
  return { raw: base, isPglite: !!thread, counter, counts, kinds, others, reset() { for (const o of [counts, kinds]) for (const k of Object.keys(o)) o[k] = 0; for (const k of Object.keys(others)) delete others[k]; }, end: () => base.end() };
}

/**
 * The app's tables the queue touches (migrations 002, 003, 015, 016), with their indexes and keys; the
 * activity rollup that finishRun also writes is left out of every engine alike (it stays ours in any port).
 */
export const SCHEMA = /* sql */ `
  CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL);
  CREATE TABLE flows (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    max_concurrent_runs int CHECK (max_concurrent_runs IS NULL OR (max_concurrent_runs >= 1 AND max_concurrent_runs <= 100))
  );
  CREATE TABLE flow_versions (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE);
  CREATE TABLE flow_runs (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
    version_id uuid REFERENCES flow_versions (id) ON DELETE SET NULL,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    status text NOT NULL,
    start_time timestamptz NOT NULL,
    finish_time timestamptz,
    steps jsonb NOT NULL DEFAULT '[]'::jsonb,
    created timestamptz NOT NULL DEFAULT now(),
    retry_of uuid REFERENCES flow_runs (id) ON DELETE SET NULL,
    retry_mode text CHECK (retry_mode IN ('FROM_FAILED_STEP', 'ON_LATEST_VERSION'))
  );
  CREATE INDEX flow_runs_user_start_idx ON flow_runs (user_id, start_time DESC, id DESC);
  CREATE INDEX flow_runs_flow_start_idx ON flow_runs (flow_id, start_time DESC);
  CREATE INDEX flow_runs_user_status_idx ON flow_runs (user_id, status, start_time DESC);
  CREATE INDEX flow_runs_retry_of_idx ON flow_runs (retry_of) WHERE retry_of IS NOT NULL;
  CREATE TABLE run_queue (
    run_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    flow_id uuid NOT NULL REFERENCES flows (id) ON DELETE CASCADE,
    version_id uuid NOT NULL REFERENCES flow_versions (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    payload jsonb NOT NULL DEFAULT '{}'::jsonb,
    enqueued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    claimed_by text,
    lease_until timestamptz,
    resumes integer NOT NULL DEFAULT 0,
    retry_of uuid REFERENCES flow_runs (id) ON DELETE SET NULL,
    retry_mode text CHECK (retry_mode IN ('FROM_FAILED_STEP', 'ON_LATEST_VERSION'))
  );
  CREATE INDEX run_queue_waiting_idx ON run_queue (enqueued_at) WHERE claimed_by IS NULL;
  CREATE INDEX run_queue_leases_idx ON run_queue (lease_until) WHERE claimed_by IS NOT NULL;
  CREATE INDEX run_queue_retry_of_idx ON run_queue (retry_of) WHERE retry_of IS NOT NULL;
  -- boss-park only (a port's own migration): the parked runs of a user, oldest first.
  CREATE INDEX flow_runs_parked_idx ON flow_runs (user_id, start_time, id) WHERE status = 'QUEUED';
`;

/** n users, each with one workflow and its version: [{ userId, flowId, versionId }]. */
export async function seedUsers(raw, n) {
  const { rows } = await raw.query(
    `WITH u AS (INSERT INTO users (name) SELECT 'user ' || g FROM generate_series(1, $1::int) g RETURNING id, name),
     f AS (INSERT INTO flows (user_id) SELECT id FROM u ORDER BY name RETURNING id, user_id),
     v AS (INSERT INTO flow_versions (flow_id) SELECT id FROM f RETURNING id, flow_id)
     SELECT f.user_id, f.id AS flow_id, v.id AS version_id, u.name FROM f JOIN v ON v.flow_id = f.id JOIN u ON u.id = f.user_id`,
    [n],
  );
  return rows.sort((a, b) => Number(a.name.split(' ')[1]) - Number(b.name.split(' ')[1]))
    .map((r) => ({ userId: r.user_id, flowId: r.flow_id, versionId: r.version_id }));
}
