// The three engines of the admission benchmark, each with the per-user limit (RUN_CONCURRENCY_PER_USER) and a
// workflow's own maximum, and one bounded worker pool per process shaped like server/runs/run-workers.ts
// (claim until full; a finished run frees its slot and looks again at once; else poll every pollMs).
//   ours        server/runs/run-queue.ts + concurrency.ts, statements copied as they are (the activity
//               rollup CTEs of finishRun left out, as in every engine here)
//   boss-defer  pg-boss 10: fetch whatever is oldest; runs whose user has no room are failed back with
//               retryDelay 1 s (the queue's retryLimit is huge), so they come back later
//   boss-park   pg-boss 10 holds only admitted runs: the others wait in flow_runs as QUEUED; the statement
//               that finishes a run admits the user's next ones; a sweep admits what a race left parked
//
//   const e = await startEngine({ kind, db, perUser, concurrency, pollMs, onRun })
//   e.enqueue(runs) (runs: [{ runId, userId, flowId, versionId }]; a run is executed by calling onRun(run))
//   e.stop()
import PgBoss from 'pg-boss';
import { randomUUID } from 'node:crypto';

// ---- ours: copied from server/runs/concurrency.ts ----
const QUEUE_RUNNING = `(SELECT user_id, flow_id FROM run_queue WHERE claimed_by IS NOT NULL)`;
function roomForRunSql(run, perUser, running = QUEUE_RUNNING) {
  return `(
    ${run}.user_id NOT IN (SELECT busy.user_id FROM ${running} busy GROUP BY busy.user_id HAVING count(*) >= ${perUser})
    AND ${run}.flow_id NOT IN (
      SELECT busy.flow_id FROM ${running} busy JOIN flows f ON f.id = busy.flow_id
      WHERE f.max_concurrent_runs IS NOT NULL
      GROUP BY busy.flow_id, f.max_concurrent_runs HAVING count(*) >= f.max_concurrent_runs
    )
  )`;
}
const flowIsLimitedSql = (run) => `EXISTS (SELECT 1 FROM flows f WHERE f.id = ${run}.flow_id AND f.max_concurrent_runs IS NOT NULL)`;
const flowClaimLockSql = (flow) => `SELECT pg_advisory_xact_lock(hashtextextended('flow-runs:' || ${flow}::text, 0))`;

// ---- ours: copied from server/runs/run-queue.ts ----
const OPEN_CLAIMED = `opened AS (
       INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time, steps, retry_of, retry_mode)
       SELECT run_id, flow_id, version_id, user_id, 'RUNNING', date_trunc('milliseconds', clock_timestamp()), '[]'::jsonb, retry_of, retry_mode FROM claimed
       ON CONFLICT (id) DO NOTHING
     )`;
const CLAIM_SQL = `WITH next AS (
       SELECT q.run_id, q.flow_id, q.version_id, q.user_id, ${flowIsLimitedSql('q')} AS limited FROM run_queue q
       WHERE q.claimed_by IS NULL AND ${roomForRunSql('q', '$3')}
       ORDER BY q.enqueued_at, q.run_id LIMIT 1 FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE run_queue q SET claimed_by = $1, lease_until = clock_timestamp() + $2 * interval '1 millisecond'
       FROM next WHERE q.run_id = next.run_id AND NOT next.limited
       RETURNING q.run_id, q.flow_id, q.version_id, q.user_id, q.payload, q.resumes, q.retry_of, q.retry_mode
     ), ${OPEN_CLAIMED}
     SELECT n.run_id, n.flow_id, n.version_id, n.user_id, c.payload::text AS payload, n.limited, c.resumes, c.retry_of, c.retry_mode
     FROM next n LEFT JOIN claimed c ON c.run_id = n.run_id`;
const CONFIRM_SQL = `WITH claimed AS (
         UPDATE run_queue q SET claimed_by = $2, lease_until = clock_timestamp() + $3 * interval '1 millisecond'
         WHERE q.run_id = $1 AND q.claimed_by IS NULL AND ${roomForRunSql('q', '$4')}
         RETURNING q.run_id, q.flow_id, q.version_id, q.user_id, q.payload, q.resumes, q.retry_of, q.retry_mode
       ), ${OPEN_CLAIMED}
       SELECT run_id, flow_id, version_id, user_id, payload::text AS payload, true AS limited, resumes, retry_of, retry_mode FROM claimed`;
const FINISH_SQL = `WITH gone AS (DELETE FROM run_queue WHERE run_id = $1 AND claimed_by = $2 RETURNING run_id),
     ended AS (
       UPDATE flow_runs SET status = $3, finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $4::jsonb
       WHERE id IN (SELECT run_id FROM gone) RETURNING id, flow_id, user_id, status
     )
     SELECT e.id FROM ended e`;
const RECOVER_SQL = `SELECT run_id, resumes FROM run_queue WHERE claimed_by IS NOT NULL AND lease_until < clock_timestamp() ORDER BY run_id`;

const asRun = (r) => ({ runId: r.run_id ?? r.id, userId: r.user_id, flowId: r.flow_id, versionId: r.version_id });

/** The bounded pool of run-workers.ts: `claim(free)` answers up to `free` items, `process(item)` runs one. */
class Pool {
  constructor({ concurrency, pollMs, claim, process, log, rewake = false }) { Object.assign(this, { concurrency, pollMs, claim, process, log, rewake }); this.again = false; this.running = 0; this.stopped = false; this.filling = null; this.timer = null; this.inFlight = new Set(); }
  // As in run-workers.ts, a wake during a fill is dropped (the slot then waits for the next poll); with
  // `rewake` (--rewake) the fill runs once more instead.
  wake() {
    if (this.stopped) return;
    if (this.filling) { if (this.rewake) this.again = true; return; }
    this.filling = this.fill().finally(() => { this.filling = null; if (this.again) { this.again = false; this.wake(); } });
  }
  async fill() {
    while (!this.stopped && this.running < this.concurrency) {
      let items;
      try { items = await this.claim(this.concurrency - this.running); } catch (e) { this.log?.('claim failed', e); items = []; }
      if (!items.length) break;
      for (const item of items) {
        this.running++;
        const work = this.process(item).catch((e) => this.log?.('run failed', e)).finally(() => { this.running--; this.inFlight.delete(work); this.wake(); });
        this.inFlight.add(work);
      }
    }
    if (!this.stopped && this.running < this.concurrency) {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.wake(), this.pollMs);
      this.timer.unref();
    }
  }
  async stop() { this.stopped = true; clearTimeout(this.timer); await this.filling; await Promise.all([...this.inFlight]); }
}

/** Calls `fn(items)` once for every item added in the same turn of the event loop (pg-boss takes arrays of ids). */
function coalesce(fn) {
  let pending = [];
  let scheduled = false;
  return (item) => new Promise((resolve, reject) => {
    pending.push({ item, resolve, reject });
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      const batch = pending; pending = []; scheduled = false;
      fn(batch.map((b) => b.item)).then((r) => batch.forEach((b) => b.resolve(r)), (e) => batch.forEach((b) => b.reject(e)));
    });
  });
}

const log = (m, e) => console.error(`[${m}]`, e?.message ?? e);

export async function startEngine({ kind, db, perUser = 4, concurrency = 8, pollMs = 500, rewake = false, onRun, workerId = `worker-${randomUUID()}`, leaseMs = 60_000, sweepMs = 1000 }) {
  const work = db.counter('work'), enq = db.counter('enqueue');
  const stats = { deferrals: 0, admittedByFinish: 0, admittedBySweep: 0 };
  if (kind === 'ours') return startOurs();
  if (kind === 'boss-defer' || kind === 'boss-park') return startBoss(kind === 'boss-park');
  throw new Error(`Unknown engine ${kind}`);

  async function startOurs() {
    async function claimOnce() {
      const { rows } = await work.query(CLAIM_SQL, [workerId, leaseMs, perUser]);
      const row = rows[0];
      if (!row) return null;
      if (!row.limited) return row;
      const confirmed = await work.transaction(async (tx) => {
        await tx.query(flowClaimLockSql('$1'), [row.flow_id]);
        return (await tx.query(CONFIRM_SQL, [row.run_id, workerId, leaseMs, perUser])).rows[0];
      });
      return confirmed ?? 'contended';
    }
    const pool = new Pool({
      concurrency, pollMs, log, rewake,
      async claim() {
        for (let tries = 0; tries < 3; tries++) { const c = await claimOnce(); if (c !== 'contended') return c ? [asRun(c)] : []; }
        return [];
      },
      async process(run) {
        await onRun(run);
        await work.query(FINISH_SQL, [run.runId, workerId, 'SUCCEEDED', '[]']);
      },
    });
    await work.query(RECOVER_SQL); // what start() does first (recoverExpired), nothing to recover here
    pool.wake();
    return {
      stats: {},
      async enqueue(runs) {
        for (let i = 0; i < runs.length; i += 500) {
          await enq.query(
            `INSERT INTO run_queue (run_id, flow_id, version_id, user_id, payload)
             SELECT run_id, flow_id, version_id, user_id, '{}'::jsonb FROM json_to_recordset($1::json) AS x(run_id uuid, flow_id uuid, version_id uuid, user_id uuid, ord int) ORDER BY ord`,
            [JSON.stringify(runs.slice(i, i + 500).map((r, k) => ({ run_id: r.runId, flow_id: r.flowId, version_id: r.versionId, user_id: r.userId, ord: k })))],
          );
        }
        pool.wake();
      },
      wake: () => pool.wake(),
      stop: () => pool.stop(),
    };
  }

  async function startBoss(park) {
    const QUEUE = 'runs';
    const boss = new PgBoss({ db: work.boss, schedule: false, supervise: true, migrate: true });
    boss.on('error', (e) => log('boss', e));
    await boss.start();
    // defer: a run without room goes back for 1 s (retryDelay is whole seconds, pg-boss 10); never runs out of retries.
    await boss.createQueue(QUEUE, park ? { retryLimit: 3 } : { retryLimit: 1_000_000, retryDelay: 1 });
    const complete = coalesce((ids) => boss.complete(QUEUE, ids));
    const deferBack = coalesce((ids) => { stats.deferrals += ids.length; return boss.fail(QUEUE, ids); });
    const jobOf = (r) => ({ name: QUEUE, id: r.runId, data: r });
    // Job id = run id: sending a run twice is a no-op (pg-boss inserts with ON CONFLICT DO NOTHING).
    const send = (target) => coalesce((runs) => boss.insert(runs.map(jobOf), { db: target.boss }));
    const sendFromWork = send(work);

    // Runs a user (and its workflow) has room for, from a batch pg-boss handed out: one statement per batch.
    const OPEN_DEFER = `WITH b AS (
        SELECT * FROM json_to_recordset($1::json) AS x(run_id uuid, flow_id uuid, version_id uuid, user_id uuid, ord int)
      ), ranked AS (
        SELECT b.*, row_number() OVER (PARTITION BY b.user_id ORDER BY b.ord) AS rn,
          (SELECT count(*) FROM flow_runs r WHERE r.user_id = b.user_id AND r.status = 'RUNNING') AS busy
        FROM b WHERE NOT EXISTS (SELECT 1 FROM flow_runs r WHERE r.id = b.run_id)
      ), fits AS (
        SELECT * FROM ranked k WHERE k.busy + k.rn <= $2
          AND NOT EXISTS (SELECT 1 FROM flows f WHERE f.id = k.flow_id AND f.max_concurrent_runs IS NOT NULL
            AND (SELECT count(*) FROM flow_runs r WHERE r.flow_id = k.flow_id AND r.status = 'RUNNING') >= f.max_concurrent_runs)
      ), opened AS (
        INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time, steps)
        SELECT run_id, flow_id, version_id, user_id, 'RUNNING', date_trunc('milliseconds', clock_timestamp()), '[]'::jsonb FROM fits
        ON CONFLICT (id) DO NOTHING RETURNING id
      )
      SELECT b.run_id, (o.id IS NOT NULL) AS opened, r.status AS existing
      FROM b LEFT JOIN opened o ON o.id = b.run_id LEFT JOIN flow_runs r ON r.id = b.run_id`;
    // park: the runs pg-boss hands out were admitted already; one statement per batch opens them.
    const OPEN_PARK = `WITH up AS (
        UPDATE flow_runs SET status = 'RUNNING', start_time = date_trunc('milliseconds', clock_timestamp())
        WHERE id = ANY($1::uuid[]) AND status = 'ADMITTED' RETURNING id
      )
      SELECT r.id AS run_id, (up.id IS NOT NULL) AS opened, r.status AS existing
      FROM unnest($1::uuid[]) AS r0(id) LEFT JOIN up ON up.id = r0.id LEFT JOIN flow_runs r ON r.id = r0.id`;
    const FINISH = `UPDATE flow_runs SET status = 'SUCCEEDED', finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $2::jsonb
      WHERE id = $1 AND status = 'RUNNING' RETURNING id`;
    // park: finish the run and admit the user's next parked runs up to its room, one statement, no lock: two
    // finishers of one user each count the other's run as still going, and SKIP LOCKED keeps them off each
    // other's picks; what a race leaves parked (an enqueue meeting a finish) the sweep admits.
    const workflowHasRoom = (r) => `NOT EXISTS (SELECT 1 FROM flows f WHERE f.id = ${r}.flow_id AND f.max_concurrent_runs IS NOT NULL
            AND (SELECT count(*) FROM flow_runs x WHERE x.flow_id = ${r}.flow_id AND x.status IN ('ADMITTED', 'RUNNING')) >= f.max_concurrent_runs)`;
    const FINISH_ADMIT = `WITH ended AS (
        UPDATE flow_runs SET status = 'SUCCEEDED', finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $3::jsonb
        WHERE id = $1 AND status = 'RUNNING' RETURNING id
      ), pick AS (
        SELECT p.id FROM flow_runs p
        WHERE p.user_id = $2 AND p.status = 'QUEUED' AND EXISTS (SELECT 1 FROM ended) AND ${workflowHasRoom('p')}
        ORDER BY p.start_time, p.id
        LIMIT greatest(0, $4::int - (SELECT count(*) FROM flow_runs x WHERE x.user_id = $2 AND x.status IN ('ADMITTED', 'RUNNING') AND x.id <> $1))
        FOR UPDATE SKIP LOCKED
      ), admitted AS (
        UPDATE flow_runs f SET status = 'ADMITTED' FROM pick WHERE f.id = pick.id RETURNING f.id, f.user_id, f.flow_id, f.version_id
      )
      SELECT (SELECT count(*) FROM ended)::int AS ended, coalesce((SELECT json_agg(a) FROM admitted a), '[]'::json) AS admitted`;
    // park: admit what fits for the given users (NULL: every user with parked runs); the enqueue and the sweep.
    const ADMIT = `WITH room AS (
        SELECT d.user_id, $2::int - (SELECT count(*) FROM flow_runs x WHERE x.user_id = d.user_id AND x.status IN ('ADMITTED', 'RUNNING')) AS n
        FROM (SELECT DISTINCT user_id FROM flow_runs WHERE status = 'QUEUED' AND ($1::uuid[] IS NULL OR user_id = ANY($1::uuid[]))) d
      ), firsts AS (
        SELECT room.n, c.id, row_number() OVER (PARTITION BY room.user_id ORDER BY c.start_time, c.id) AS rn
        FROM room CROSS JOIN LATERAL (
          SELECT p.id, p.start_time FROM flow_runs p WHERE p.user_id = room.user_id AND p.status = 'QUEUED' AND ${workflowHasRoom('p')}
          ORDER BY p.start_time, p.id LIMIT $2::int
        ) c
        WHERE room.n > 0
      )
      UPDATE flow_runs f SET status = 'ADMITTED' FROM firsts WHERE f.id = firsts.id AND firsts.rn <= firsts.n AND f.status = 'QUEUED'
      RETURNING f.id, f.user_id, f.flow_id, f.version_id`;
    // park: admitted runs whose job never reached pg-boss (a process died between the two statements).
    const ORPHANS = `SELECT f.id, f.user_id, f.flow_id, f.version_id FROM flow_runs f
      WHERE f.status = 'ADMITTED' AND f.start_time < clock_timestamp() - interval '30 seconds'
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = '${QUEUE}' AND j.id = f.id)`;

    const opening = new Map(); // run id → job of the batch being opened
    const pool = new Pool({
      concurrency, pollMs, log, rewake,
      async claim(free) {
        const jobs = await boss.fetch(QUEUE, { batchSize: free });
        if (!jobs.length) return [];
        const { rows } = park
          ? await work.query(OPEN_PARK, [jobs.map((j) => j.id)])
          : await work.query(OPEN_DEFER, [JSON.stringify(jobs.map((j, k) => ({ run_id: j.data.runId, flow_id: j.data.flowId, version_id: j.data.versionId, user_id: j.data.userId, ord: k }))), perUser]);
        const byRun = new Map(rows.map((r) => [r.run_id, r]));
        const toRun = [];
        for (const j of jobs) {
          const r = byRun.get(j.data.runId);
          if (r.opened || r.existing === 'RUNNING') toRun.push({ ...j.data, jobId: j.id }); // RUNNING: a retry after a worker died: resume
          else if (r.existing === 'SUCCEEDED') complete(j.id).catch((e) => log('complete', e)); // ran already
          else deferBack(j.id).catch((e) => log('fail', e)); // defer: no room now
        }
        if (!toRun.length && jobs.length) setTimeout(() => pool.wake(), 0); // the batch was all deferred: look further
        return toRun;
      },
      async process(run) {
        await onRun(run);
        if (park) {
          const { rows } = await work.query(FINISH_ADMIT, [run.runId, run.userId, '[]', perUser]);
          const admitted = rows[0].admitted;
          stats.admittedByFinish += admitted.length;
          await Promise.all([complete(run.jobId), ...admitted.map((a) => sendFromWork(asRun(a)))]);
        } else {
          await work.query(FINISH, [run.runId, '[]']);
          await complete(run.jobId);
        }
      },
    });
    let sweepTimer = null;
    if (park) {
      const sweep = async () => {
        const admitted = (await work.query(ADMIT, [null, perUser])).rows;
        const orphans = (await work.query(ORPHANS)).rows;
        stats.admittedBySweep += admitted.length + orphans.length;
        const all = [...admitted, ...orphans].map(asRun);
        if (all.length) { await boss.insert(all.map(jobOf)); pool.wake(); }
      };
      sweepTimer = setInterval(() => void sweep().catch((e) => log('sweep', e)), sweepMs);
      sweepTimer.unref();
    }
    pool.wake();
    return {
      boss, stats,
      async enqueue(runs) {
        for (let i = 0; i < runs.length; i += 500) {
          const chunk = runs.slice(i, i + 500);
          if (!park) { await boss.insert(chunk.map(jobOf), { db: enq.boss }); continue; }
          // In the app: startRun's transaction (the user's advisory lock is held there already).
          await enq.query(
            `INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time)
             SELECT run_id, flow_id, version_id, user_id, 'QUEUED', clock_timestamp() FROM json_to_recordset($1::json) AS x(run_id uuid, flow_id uuid, version_id uuid, user_id uuid, ord int) ORDER BY ord`,
            [JSON.stringify(chunk.map((r, k) => ({ run_id: r.runId, flow_id: r.flowId, version_id: r.versionId, user_id: r.userId, ord: k })))],
          );
          const admitted = (await enq.query(ADMIT, [[...new Set(chunk.map((r) => r.userId))], perUser])).rows;
          if (admitted.length) await boss.insert(admitted.map(asRun).map(jobOf), { db: enq.boss });
        }
        pool.wake(); // boss.notifyWorker's equivalent for our own fetch loop
      },
      wake: () => pool.wake(),
      async stop() { clearInterval(sweepTimer); await pool.stop(); await boss.stop({ graceful: true, wait: true, timeout: 5000 }); },
    };
  }
}
