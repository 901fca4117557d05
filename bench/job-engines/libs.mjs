// One small interface over both libraries, on PostgreSQL (url) or PGlite (thread from common.mjs).
//   const q = await startQueue({ lib, url | thread, concurrency, handler, pollMs, notifyLocal })
//   q.enqueueMany(datas), q.enqueue(data), q.stop()
// handler(data) is called per job. `app` is what the handler uses for its own SQL.
import pg from 'pg';
import { run, makeWorkerUtils, Logger } from 'graphile-worker';
import PgBoss from 'pg-boss';
import { EventEmitter } from 'node:events';

const quiet = new Logger(() => (level, message) => { if (level === 'error') console.error('[gw]', message); });

/** pg-boss's `db` option over PGlite (in-thread): multi-statement text without values goes to exec (pg-boss #563). */
export function bossDbOverPglite(thread) {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) return thread.exec(text);
      return thread.query(text, values);
    },
  };
}

export async function startQueue({ localQueue = 0, lib, url, thread, concurrency = 8, handler, pollMs, notifyLocal = false, maxPoolSize, noWorker = false, expireInSeconds, retryLimit = 0, maintenanceIntervalSeconds }) {
  if (lib === 'gw') {
    const connectionString = url ?? `postgres://postgres@127.0.0.1:${thread.port}/postgres`;
    const utils = await makeWorkerUtils({ connectionString, logger: quiet });
    await utils.migrate();
    let runner = null, pool = null;
    const events = new EventEmitter();
    const workerIds = []; // the pool's id (what graphile-worker writes in locked_by) and its workers' ids
    // In one process (PGlite's case) enqueue can nudge the pool directly: pglite-socket delivers a NOTIFY
    // to the connection that sent it, so graphile-worker's LISTEN connection never hears it there.
    events.on('pool:create', ({ workerPool }) => { pool = workerPool; workerIds.push(workerPool.id); });
    events.on('worker:create', ({ worker }) => workerIds.push(worker.workerId));
    if (!noWorker) {
      runner = await run({
        noHandleSignals: true, logger: quiet, events,
        preset: { worker: {
          connectionString, concurrentJobs: concurrency, pollInterval: pollMs ?? 2000,
          preparedStatements: !thread, // PGlite: one backend shared by every socket connection, so named statements collide
          maxPoolSize: maxPoolSize ?? Math.max(10, concurrency + 2),
          ...(localQueue ? { localQueue: { size: localQueue }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } : {}),
        } },
        taskList: { job: async (payload) => handler(payload) },
      });
    }
    return {
      workerId: runner ? 'gw' : null,
      workerIds,
      async enqueueMany(datas) { await utils.addJobs(datas.map((payload) => ({ identifier: 'job', payload }))); if (notifyLocal) pool?.nudge(datas.length); },
      async enqueue(data) { await utils.addJob('job', data); if (notifyLocal) pool?.nudge(1); },
      utils,
      async stop() { if (runner) await runner.stop(); await utils.release(); },
    };
  }
  // pg-boss 10
  const boss = new PgBoss({
    ...(url ? { connectionString: url, max: maxPoolSize ?? 10 } : { db: bossDbOverPglite(thread) }),
    schedule: false, supervise: true, migrate: true,
    ...(maintenanceIntervalSeconds ? { maintenanceIntervalSeconds } : {}),
  });
  boss.on('error', (e) => console.error('[boss]', e.message));
  await boss.start();
  await boss.createQueue('job', { retryLimit, ...(expireInSeconds ? { expireInSeconds } : {}) });
  let workerId = null;
  if (!noWorker) {
    workerId = await boss.work('job', { batchSize: concurrency, pollingIntervalSeconds: (pollMs ?? 2000) / 1000 }, async (jobs) => {
      await Promise.all(jobs.map((j) => handler(j.data)));
      // A full batch means more is probably waiting: skip the polling delay (pg-boss 10 sleeps after every fetch).
      if (jobs.length === concurrency) boss.notifyWorker(workerId);
    });
  }
  return {
    workerId,
    boss,
    async enqueueMany(datas) {
      for (let i = 0; i < datas.length; i += 500) await boss.insert(datas.slice(i, i + 500).map((data) => ({ name: 'job', data })));
      if (notifyLocal && workerId) boss.notifyWorker(workerId);
    },
    async enqueue(data) { await boss.send('job', data); if (notifyLocal && workerId) boss.notifyWorker(workerId); },
    async stop() { await boss.stop({ graceful: true, wait: true, timeout: 5000 }); },
  };
}

/** Pool for the handler's own statements: pg on PostgreSQL, the thread on PGlite. */
export function appDb({ url, thread }) {
  if (thread) return { query: (s, p) => thread.query(s, p), end: async () => {} };
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return { query: (s, p) => pool.query(s, p), end: () => pool.end() };
}
