// (d) runs/s with N worker processes on PostgreSQL: node multi.mjs --lib=gw|boss --workers=1|2|4 [--n=2000] [--conc=8] [--lq=20]
// The parent migrates, starts N children (worker-child.mjs), then queues n runs at once and times until all are SUCCEEDED.
import { fork } from 'node:child_process';
import { args, freshPgDatabase, dropPgDatabase, RUNS_DDL, sleep } from './common.mjs';
import { startQueue, appDb } from './libs.mjs';
const a = args();
const lib = a.lib, N = Number(a.workers ?? 1), n = Number(a.n ?? 2000), conc = Number(a.conc ?? 8), lq = Number(a.lq ?? 0);
const name = `spike_multi_${lib}_${process.pid}`;
const url = await freshPgDatabase(name);
const app = appDb({ url });
await app.query(RUNS_DDL);
const producer = await startQueue({ lib, url, noWorker: true });
const kids = [];
for (let i = 0; i < N; i++) {
  const k = fork(new URL('./worker-child.mjs', import.meta.url), [JSON.stringify({ lib, url, conc, lq, pollMs: lib === 'boss' ? 500 : 2000 })]);
  kids.push(new Promise((r) => k.once('message', () => r(k))));
}
const children = await Promise.all(kids);
await sleep(500);
const t0 = performance.now();
await producer.enqueueMany(Array.from({ length: n }, (_, i) => ({ i, u: `u${i % 16}` })));
let ok = 0;
while (performance.now() - t0 < 180_000) {
  ok = (await app.query(`SELECT count(*)::int AS c FROM runs WHERE status = 'SUCCEEDED'`)).rows[0].c;
  if (ok >= n) break;
  await sleep(25);
}
const ms = performance.now() - t0;
const perWorker = (await app.query(`SELECT count(*)::int AS c FROM runs GROUP BY worker ORDER BY 1 DESC`)).rows.map((r) => r.c);
const dup = (await app.query(`SELECT count(*)::int AS c FROM runs WHERE attempts > 1`)).rows[0].c;
console.log(JSON.stringify({ lib, workers: N, conc, lq, n, succeeded: ok, total_ms: Math.round(ms), runs_per_s: Math.round(ok / (ms / 1000)), duplicates: dup, runs_per_process: perWorker }));
process.on('uncaughtException', () => {});
for (const c of children) c.send('stop');
await Promise.all(children.map((c) => new Promise((r) => c.once('exit', r))));
await producer.stop(); await app.end(); await dropPgDatabase(name);
process.exit(0);
