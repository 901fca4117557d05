// The same question as fetch-cost.mjs for OUR claim (admit-engines.mjs CLAIM_SQL, copied from run-queue.ts by the
// parent spike): user A has N waiting runs and 4 claimed, user B 20 waiting after them; one claim, rolled back,
// 15 times; EXPLAIN ANALYZE of one.   node claim-cost.mjs [--db=pg|pglite]   -> results/claim-cost-<db>.txt
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { args, freshPgDatabase, dropPgDatabase, startPgliteThread } from './common.mjs';
import { SCHEMA, seedUsers } from './admit-db.mjs';
import { CLAIM_SQL } from './admit-engines.mjs';

const dbKind = args().db ?? 'pg';
const lines = []; const say = (s) => { console.log(s); lines.push(s); };
say(`ours CLAIM_SQL on ${dbKind}; a fresh database per N: A queues N, 4 of them claimed, then B queues 20`);
for (const n of [1000, 10000, 100000]) {
  let url, thread, pool, dbName;
  if (dbKind === 'pg') { dbName = `spike_pgb12_claim_${process.pid}`; url = await freshPgDatabase(dbName); pool = new pg.Pool({ connectionString: url, max: 2 }); } else thread = await startPgliteThread();
  const raw = thread ?? { query: (s, p) => pool.query(s, p), exec: (s) => pool.query(s) };
  await raw.exec(SCHEMA);
  const [A, B] = await seedUsers(raw, 2);
  const ins = (u, k) => raw.query(`INSERT INTO run_queue (flow_id, version_id, user_id, enqueued_at) SELECT $1, $2, $3, clock_timestamp() FROM generate_series(1, $4::int)`, [u.flowId, u.versionId, u.userId, k]);
  await ins(A, n);
  await raw.query(`UPDATE run_queue SET claimed_by = 'w0', lease_until = now() + interval '1 hour' WHERE run_id IN (SELECT run_id FROM run_queue ORDER BY enqueued_at LIMIT 4)`);
  await ins(B, 20);
  await raw.exec('ANALYZE run_queue');
  const inTx = async (fn) => {
    if (thread) { let out; await thread.transaction(async (t) => { out = await fn(t); throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; }); return out; }
    const c = await pool.connect(); try { await c.query('BEGIN'); return await fn(c); } finally { await c.query('ROLLBACK'); c.release(); }
  };
  const times = []; let got;
  for (let k = 0; k < 15; k++) { const t = performance.now(); got = await inTx((c) => c.query(CLAIM_SQL, ['w1', 60000, 4])); times.push(performance.now() - t); }
  times.sort((x, y) => x - y);
  const plan = (await inTx((c) => c.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${CLAIM_SQL}`, ['w1', 60000, 4]))).rows.map((r) => r['QUERY PLAN']);
  say(`N=${n}: claim median ${times[7].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[14].toFixed(1)}); claimed user ${got.rows[0]?.user_id === B.userId ? 'B' : got.rows[0]?.user_id === A.userId ? 'A' : 'none'}`);
  for (const l of plan.filter((l) => /Rows Removed by Filter|Execution Time/.test(l))) say(`    ${l.trim()}`);
  if (thread) await thread.close(); else { await pool.end(); await dropPgDatabase(dbName); }
}
writeFileSync(new URL(`./results/claim-cost-${dbKind}.txt`, import.meta.url), lines.join('\n') + '\n');
process.exit(0);
