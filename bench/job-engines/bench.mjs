// node bench.mjs --lib=gw|boss --db=pg|pglite --test=noop|real|latency [--n=2000] [--conc=8] [--poll=ms] [--notify]
// Prints one JSON line. PGlite runs in a worker thread (graphile-worker reaches it through pglite-socket).
import { args, freshPgDatabase, dropPgDatabase, startPgliteThread, RUNS_DDL, pct, sleep } from './common.mjs';
import { startQueue, appDb } from './libs.mjs';

const a = args();
const lib = a.lib, dbKind = a.db, test = a.test, n = Number(a.n ?? (test === 'latency' ? 100 : 2000)), conc = Number(a.conc ?? 8);
const pollMs = Number(a.poll ?? (lib === 'boss' ? 500 : 2000));
const dbName = `spike_${lib}_${process.pid}`;
let url, thread;
if (dbKind === 'pg') url = await freshPgDatabase(dbName);
else thread = await startPgliteThread({ socket: lib === 'gw' });
const app = appDb({ url, thread });
await app.query(RUNS_DDL);

let done = 0, errors = 0; const lat = []; let finished; const allDone = new Promise((r) => (finished = r));
const target = n;
async function handler(data) {
  if (test === 'latency') lat.push(Date.now() - data.t);
  if (test === 'real') {
    await app.query(`INSERT INTO runs (id, user_id, status) VALUES ($1, $2, 'RUNNING')`, [data.i, data.u]);
    await app.query(`UPDATE runs SET status = 'SUCCEEDED', finish_time = clock_timestamp() WHERE id = $1`, [data.i]);
  }
  if (++done === target) finished();
}
const q = await startQueue({ lib, url, thread, concurrency: conc, handler: (d) => handler(d).catch((e) => { errors++; throw e; }), pollMs, notifyLocal: !!a.notify, localQueue: Number(a.lq ?? 0) });
await sleep(1000); // idle first
const out = { lib, db: dbKind, test, n, conc, pollMs, notify: !!a.notify, lq: Number(a.lq ?? 0) };
if (test === 'latency') {
  for (let i = 0; i < n; i++) { await q.enqueue({ i, t: Date.now() }); await sleep(30 + Math.random() * 70); }
  await Promise.race([allDone, sleep(10_000)]);
  lat.sort((x, y) => x - y);
  Object.assign(out, { p50_ms: pct(lat, 50), p95_ms: pct(lat, 95), max_ms: lat.at(-1), got: lat.length });
} else {
  const datas = Array.from({ length: n }, (_, i) => ({ i, u: `u${i % 16}` }));
  const t0 = performance.now();
  await q.enqueueMany(datas);
  const t1 = performance.now();
  await Promise.race([allDone, sleep(120_000)]);
  const t2 = performance.now();
  Object.assign(out, { enqueue_ms: Math.round(t1 - t0), total_ms: Math.round(t2 - t0), jobs_per_s: Math.round(done / ((t2 - t0) / 1000)), done, errors });
  if (test === 'real') out.succeeded = Number((await app.query(`SELECT count(*)::int AS c FROM runs WHERE status='SUCCEEDED'`)).rows[0].c);
}
console.log(JSON.stringify(out));
process.on('uncaughtException', () => {}); // a pool of the library's still open when the database is dropped
await q.stop();
await app.end();
if (thread) await thread.close(); else await dropPgDatabase(dbName);
process.exit(0);
