// Copied from ../admit-engines.mjs: `ours`, the Pool and coalesce() are unchanged; pg-boss 10's boss-defer and
// boss-park are replaced by pg-boss 12 engines that use its per-group limit (groupConcurrency):
//   ours          server/runs/run-queue.ts + concurrency.ts, statements copied as they are (the activity
//                 rollup CTEs of finishRun left out, as in every engine here)
//   boss12-group  our bounded Pool (as run-workers.ts) over boss.fetch({ batchSize: free slots, groupConcurrency }):
//                 job id = run id, group id = user id; one statement per fetched batch opens the runs RUNNING;
//                 finishing = UPDATE flow_runs SUCCEEDED, then boss.complete (coalesced per event-loop turn).
//                 Wake-ups: a finished run, our enqueue (in-process), and pg-boss's LISTEN/NOTIFY (queue
//                 `notify: true`, useListenNotify through the adapter's listen(); on PGlite, PGlite's in-process
//                 LISTEN), else a poll every pollMs.
//   boss12-locked boss12-group with each fetch in a transaction under one advisory lock per queue (PostgreSQL):
//                 BEGIN, the lock, the fetch, COMMIT, so concurrent fetches cannot each admit the same free slots.
//   boss12-work   pg-boss's own loop: work({ localConcurrency: conc, batchSize: 1, groupConcurrency }); the handler
//                 opens the run, runs it and finishes it; pg-boss completes the job. After each run the handler
//                 nudges every worker of the queue (notifyWorker), else each waits out its polling interval.
//
//   const e = await startEngine({ kind, db, perUser, concurrency, pollMs, onRun })
//   e.enqueue(runs) (runs: [{ runId, userId, flowId, versionId }]; a run is executed by calling onRun(run))
//   e.stop()
import { PgBoss } from 'pg-boss';
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
export const CLAIM_SQL = `WITH next AS (
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
  if (kind === 'boss12-group' || kind === 'boss12-locked' || kind === 'boss12-work') return startBoss12(kind === 'boss12-work', kind === 'boss12-locked');
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

  // ---- pg-boss 12 with its per-group limit: job id = run id, group id = user id ----
  // lockFetch (boss12-locked, PostgreSQL): each fetch runs in a transaction that first takes one advisory lock
  // for the queue, so fetches of every process run one at a time and each counts the claims before it.
  async function startBoss12(ownLoop, lockFetch) {
    const QUEUE = 'runs';
    let pool = null; // boss12-group: our Pool
    let workerIds = []; // boss12-work: pg-boss's workers of this queue
    const bdb = work.boss;
    // pg-boss's LISTEN also wakes our Pool (its own notifier wakes only its work() loops).
    const bossDb = { executeSql: bdb.executeSql, listen: (channel, onNotification, onReconnect) => bdb.listen(channel, (p) => { onNotification(p); if (p === QUEUE) pool?.wake(); }, onReconnect) };
    const boss = new PgBoss({ db: bossDb, ...(db.isPglite ? { backend: 'pglite' } : {}), schedule: false, supervise: true, migrate: true, useListenNotify: true });
    boss.on('error', (e) => log('boss', e));
    await boss.start();
    // heartbeatSeconds: a claim lives while its worker touches it (what renewLease does today); retryLimit: a
    // dead worker's runs come back (recoverExpired's job). Runs here are far shorter than a heartbeat.
    await boss.createQueue(QUEUE, { retryLimit: 3, notify: true, heartbeatSeconds: 30 });
    const attempt = (j) => ({ id: j.id, retryCount: j.retryCount });
    const complete = coalesce((jobs) => boss.complete(QUEUE, jobs));
    const deferBack = coalesce((jobs) => { stats.deferrals += jobs.length; return boss.fail(QUEUE, jobs); });
    const jobOf = (r) => ({ id: r.runId, data: { runId: r.runId, userId: r.userId, flowId: r.flowId, versionId: r.versionId }, group: { id: r.userId } });
    const asJson = (jobs) => JSON.stringify(jobs.map((j) => ({ run_id: j.id, flow_id: j.data.flowId, version_id: j.data.versionId, user_id: j.data.userId })));
    // Opens the runs of a fetched batch RUNNING, one statement. pg-boss held the per-user limit already; a
    // workflow's own maximum is one more check here (a job has one group, and that is the user), read
    // committed like boss-defer's, so not exact; a run it refuses goes back to pg-boss (never here: NULL).
    const OPEN = `WITH b AS (
        SELECT * FROM json_to_recordset($1::json) AS x(run_id uuid, flow_id uuid, version_id uuid, user_id uuid)
      ), fits AS (
        SELECT * FROM b WHERE NOT EXISTS (SELECT 1 FROM flows f WHERE f.id = b.flow_id AND f.max_concurrent_runs IS NOT NULL
          AND (SELECT count(*) FROM flow_runs r WHERE r.flow_id = b.flow_id AND r.status = 'RUNNING') >= f.max_concurrent_runs)
      ), opened AS (
        INSERT INTO flow_runs (id, flow_id, version_id, user_id, status, start_time, steps)
        SELECT run_id, flow_id, version_id, user_id, 'RUNNING', date_trunc('milliseconds', clock_timestamp()), '[]'::jsonb FROM fits
        ON CONFLICT (id) DO NOTHING RETURNING id
      )
      SELECT b.run_id, (o.id IS NOT NULL) AS opened, r.status AS existing
      FROM b LEFT JOIN opened o ON o.id = b.run_id LEFT JOIN flow_runs r ON r.id = b.run_id`;
    const FINISH = `UPDATE flow_runs SET status = 'SUCCEEDED', finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $2::jsonb
      WHERE id = $1 AND status = 'RUNNING' RETURNING id`;
    const FETCH_LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('pgboss-fetch:${QUEUE}', 0))`;
    const verdict = (r) => (r.opened || r.existing === 'RUNNING' ? 'run' : r.existing === 'SUCCEEDED' ? 'done' : 'defer'); // RUNNING: a retry after a worker died: resume

    const inFlight = new Map(); // job id -> attempt, for the heartbeat (own loop; work() touches by itself)
    let touchTimer = null;
    if (!ownLoop) {
      pool = new Pool({
        concurrency, pollMs, log, rewake,
        async claim(free) {
          const jobs = lockFetch
            ? await work.transaction(async (tx) => {
              await tx.query(FETCH_LOCK);
              return boss.fetch(QUEUE, { batchSize: free, groupConcurrency: perUser, db: { executeSql: (t, v) => tx.query(t, v) } });
            })
            : await boss.fetch(QUEUE, { batchSize: free, groupConcurrency: perUser });
          if (!jobs.length) return [];
          const byRun = new Map((await work.query(OPEN, [asJson(jobs)])).rows.map((r) => [r.run_id, r]));
          const toRun = [];
          for (const j of jobs) {
            const v = verdict(byRun.get(j.id));
            if (v === 'run') { inFlight.set(j.id, attempt(j)); toRun.push({ ...j.data, job: attempt(j) }); }
            else if (v === 'done') complete(attempt(j)).catch((e) => log('complete', e));
            else deferBack(attempt(j)).catch((e) => log('fail', e));
          }
          if (!toRun.length) setTimeout(() => pool.wake(), 0);
          return toRun;
        },
        async process(run) {
          await onRun(run);
          await work.query(FINISH, [run.runId, '[]']);
          inFlight.delete(run.runId);
          await complete(run.job);
        },
      });
      touchTimer = setInterval(() => { if (inFlight.size) boss.touch(QUEUE, [...inFlight.values()]).catch((e) => log('touch', e)); }, 15_000);
      touchTimer.unref();
      pool.wake();
    } else if (concurrency > 0) {
      const nudge = () => { for (const id of workerIds) boss.notifyWorker(id); };
      await boss.work(QUEUE, {
        localConcurrency: concurrency, batchSize: 1, groupConcurrency: perUser,
        pollingIntervalSeconds: pollMs / 1000, notifyPollingIntervalSeconds: pollMs / 1000,
      }, async ([job]) => {
        const [r] = (await work.query(OPEN, [asJson([job])])).rows;
        const v = verdict(r);
        if (v === 'defer') { stats.deferrals++; throw new Error('workflow at its maximum'); } // pg-boss fails it: back with retryDelay
        if (v === 'run') { await onRun(job.data); await work.query(FINISH, [job.id, '[]']); }
        nudge(); // a slot of this user frees once pg-boss completes the job: look again now, not after the poll
      });
      workerIds = boss.getWipData().filter((w) => w.name === QUEUE).map((w) => w.id);
    }
    return {
      boss, stats,
      async enqueue(runs) {
        // In the app: inside startRun's transaction, boss.insert(..., { db: tx }).
        for (let i = 0; i < runs.length; i += 500) await boss.insert(QUEUE, runs.slice(i, i + 500).map(jobOf), { db: enq.boss });
        if (pool) pool.wake(); else for (const id of workerIds) boss.notifyWorker(id); // in-process nudge
      },
      wake: () => pool?.wake(),
      async stop() { clearInterval(touchTimer); if (pool) await pool.stop(); await boss.stop({ graceful: true, wait: true, timeout: 5000 }); },
    };
  }
}
