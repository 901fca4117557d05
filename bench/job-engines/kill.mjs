// kill -9 of a worker mid-job on PostgreSQL: node kill.mjs --lib=gw|boss [--n=400] [--expire=5] [--unlockAfter=10]
// 2 worker processes (conc 8, each run takes ~--slow ms, default 300), n runs queued, worker A killed -9 after 1.5 s.
// Reports when the dead worker's runs were picked up again and whether every run ended once.
// pg-boss: queue expireInSeconds=--expire, retryLimit=3, maintenanceIntervalSeconds=1.
// graphile-worker: nothing expires a lock before 4 h; after --unlockAfter s we call forceUnlockWorkers(dead ids)
// (what our own heartbeat/liveness check would do) and time the pick-up after that.
import { fork } from 'node:child_process';
import { args, freshPgDatabase, dropPgDatabase, RUNS_DDL, sleep } from './common.mjs';
import { startQueue, appDb } from './libs.mjs';
const a = args();
const lib = a.lib, n = Number(a.n ?? 1000), expire = Number(a.expire ?? 5), unlockAfter = Number(a.unlockAfter ?? 10);
const name = `spike_kill_${lib}_${process.pid}`;
const url = await freshPgDatabase(name);
const app = appDb({ url });
await app.query(RUNS_DDL);
const qopts = { expireInSeconds: expire, retryLimit: 3, maintenanceIntervalSeconds: 1 };
const producer = await startQueue({ lib, url, noWorker: true, ...qopts });
const spawn = () => { const k = fork(new URL('./worker-child.mjs', import.meta.url), [JSON.stringify({ lib, url, conc: 8, slowMs: Number(a.slow ?? 300), pollMs: lib === 'boss' ? 500 : 2000, ...qopts })]);
  return new Promise((r) => k.once('message', (m) => r({ k, ...m }))); };
const [A, B] = await Promise.all([spawn(), spawn()]);
await sleep(500);
const t0 = Date.now();
await producer.enqueueMany(Array.from({ length: n }, (_, i) => ({ i, u: `u${i % 16}` })));
await sleep(1500);
let out_byWorkerAtKill;
const count = async (sql) => (await app.query(sql)).rows[0].c;
const runningA = await count(`SELECT count(*)::int AS c FROM runs WHERE status = 'RUNNING' AND worker = 'pid${A.pid}'`);
out_byWorkerAtKill = (await app.query(`SELECT worker, status, count(*)::int AS c FROM runs GROUP BY 1, 2`)).rows;
A.k.kill('SIGKILL');
const tKill = Date.now();
const out = { byWorkerAtKill: out_byWorkerAtKill, A: A.pid, B: B.pid, lib, n, killed_after_ms: tKill - t0, running_on_killed_worker: runningA };
let unlockedAt = null, doneAt = null, firstRetakeAt = null;
while (Date.now() - tKill < 90_000) {
  const ok = await count(`SELECT count(*)::int AS c FROM runs WHERE status = 'SUCCEEDED'`);
  const retaken = await count(`SELECT count(*)::int AS c FROM runs WHERE attempts > 1`);
  if (retaken > 0 && !firstRetakeAt) firstRetakeAt = Date.now();
  if (ok >= n) { doneAt = Date.now(); break; }
  if (lib === 'gw' && !unlockedAt && Date.now() - tKill > unlockAfter * 1000) {
    out.gw_locked_before_unlock = (await app.query(`SELECT locked_by, count(*)::int AS c FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL GROUP BY 1`)).rows;
    out.gw_succeeded_before_unlock = ok;
    await producer.utils.forceUnlockWorkers(A.workerIds);
    unlockedAt = Date.now();
  }
  await sleep(100);
}
Object.assign(out, {
  all_done: !!doneAt,
  kill_to_first_retake_ms: firstRetakeAt ? firstRetakeAt - tKill : null,
  kill_to_all_done_ms: doneAt ? doneAt - tKill : null,
  unlock_to_all_done_ms: unlockedAt && doneAt ? doneAt - unlockedAt : undefined,
  succeeded: await count(`SELECT count(*)::int AS c FROM runs WHERE status = 'SUCCEEDED'`),
  runs_executed_twice: await count(`SELECT count(*)::int AS c FROM runs WHERE attempts > 1`),
  not_succeeded: await count(`SELECT count(*)::int AS c FROM runs WHERE status <> 'SUCCEEDED'`),
  missing: n - await count(`SELECT count(*)::int AS c FROM runs`),
});
if (lib === 'boss') out.boss_states = (await app.query(`SELECT state, count(*)::int AS c FROM pgboss.job GROUP BY 1`)).rows;
B.k.send('stop'); await new Promise((r) => B.k.once('exit', r));
await producer.stop(); await app.end(); await dropPgDatabase(name);
console.log(JSON.stringify(out));
process.exit(0);
