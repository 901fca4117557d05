// What one pg-boss 12 fetch with groupConcurrency costs when a big group is at its limit (the W2 shape):
// user A has N queued runs and 4 active, user B 20 queued. Each fetch runs in a transaction that is rolled
// back, so every one sees the same state. Also EXPLAIN ANALYZE of one such fetch (rows and buffers).
//   node fetch-cost.mjs [--db=pg|pglite]   -> results/fetch-cost-<db>.txt
import { writeFileSync } from 'node:fs';
import { PgBoss } from 'pg-boss';
import pg from 'pg';
import { args, freshPgDatabase, dropPgDatabase, startPgliteThread } from './common.mjs';
import { bossDbOverPglite } from './adapters.mjs';

const dbKind = args().db ?? 'pg';
const lines = [];
const say = (s) => { console.log(s); lines.push(s); };
let url, thread, pool, dbName;
if (dbKind === 'pg') { dbName = `spike_pgb12_cost_${process.pid}`; url = await freshPgDatabase(dbName); pool = new pg.Pool({ connectionString: url, max: 4 }); } else thread = await startPgliteThread();
const boss = new PgBoss(url ? { connectionString: url, schedule: false, supervise: false } : { db: bossDbOverPglite(thread), backend: 'pglite', schedule: false, supervise: false });
await boss.start();
// A transaction on its own connection, handed to fetch() as its `db`.
async function inRolledBackTx(fn) {
  if (thread) {
    let out; await thread.transaction(async (t) => { out = await fn({ executeSql: (s, v) => (v?.length ? t.query(s, v) : t.exec(s)) }); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
    return out;
  }
  const c = await pool.connect();
  try { await c.query('BEGIN'); return await fn({ executeSql: (s, v) => c.query(s, v) }); } finally { await c.query('ROLLBACK'); c.release(); }
}
say(`pg-boss 12.38.0 fetch({ batchSize: 4, groupConcurrency: 4 }) on ${dbKind}; a queue per N: A queues N, 4 of them are fetched (active), then B queues 20`);
for (const n of [1000, 10000, 100000]) {
  const q = `runs${n}`;
  await boss.createQueue(q);
  for (let i = 0; i < n; i += 5000) await boss.insert(q, Array.from({ length: Math.min(5000, n - i) }, () => ({ data: {}, group: { id: 'A' } })));
  const a4 = await boss.fetch(q, { batchSize: 4, groupConcurrency: 4 }); // A now has 4 active (kept)
  if (a4.length !== 4) throw new Error('expected 4');
  await boss.insert(q, Array.from({ length: 20 }, () => ({ data: {}, group: { id: 'B' } })));
  if (url) await pool.query('ANALYZE pgboss.job_common'); else await thread.exec('ANALYZE pgboss.job_common');
  let text = null, values = null;
  const times = [];
  let got;
  for (let k = 0; k < 15; k++) {
    const t = performance.now();
    got = await inRolledBackTx((db) => boss.fetch(q, { batchSize: 4, groupConcurrency: 4, db: { executeSql: (s, v) => { text = s; values = v; return db.executeSql(s, v); } } }));
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  const plan = await inRolledBackTx((db) => db.executeSql(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${text}`, values));
  const planText = plan.rows.map((r) => r['QUERY PLAN']);
  const scan = planText.filter((l) => /Rows Removed by Filter|Index Scan|Seq Scan|Buffers: shared/.test(l)).slice(0, 6).map((l) => l.trim());
  say(`N=${n}: fetch median ${times[7].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[14].toFixed(1)}); returned ${got.map((j) => j.groupId).join(',') || 'nothing'}`);
  for (const l of scan) say(`    ${l}`);
  if (n === 100000) { say('  full plan (N=100000):'); for (const l of planText) say(`    ${l}`); }
}
writeFileSync(new URL(`./results/fetch-cost-${dbKind}.txt`, import.meta.url), lines.join('\n') + '\n');
await boss.stop({ graceful: false, wait: true, timeout: 2000 });
if (thread) await thread.close(); else { await pool.end(); await dropPgDatabase(dbName); }
process.exit(0);
