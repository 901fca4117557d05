// Enqueue inside our own transaction (advisory lock + our INSERT + the job), rolled back and committed,
// on PostgreSQL and on PGlite (thread). node tx.mjs
import pg from 'pg';
import { freshPgDatabase, dropPgDatabase, startPgliteThread, RUNS_DDL } from './common.mjs';
import { startQueue } from './libs.mjs';
const out = [];
for (const dbKind of ['pg', 'pglite']) for (const lib of ['gw', 'boss']) {
  let url, thread, client, txRun;
  if (dbKind === 'pg') {
    url = await freshPgDatabase(`spike_tx_${lib}`);
    client = new pg.Client(url); await client.connect();
    txRun = async (fn, commit) => { await client.query('BEGIN'); try { await fn({ query: (s, p) => client.query(s, p) }); } finally { await client.query(commit ? 'COMMIT' : 'ROLLBACK'); } };
  } else {
    thread = await startPgliteThread({ socket: lib === 'gw' });
    txRun = async (fn, commit) => thread.transaction(async (tx) => { await fn(tx); if (!commit) throw new Error('rollback'); }).catch((e) => { if (e.message !== 'rollback') throw e; });
  }
  const q = await startQueue({ lib, url, thread, noWorker: true });
  const db = thread ?? client;
  await db.query(RUNS_DDL);
  const enqueueInTx = async (tx, i) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('runs:' || $1::text, 0))`, ['u1']);
    await tx.query(`INSERT INTO runs (id, user_id, status) VALUES ($1, 'u1', 'QUEUED')`, [i]);
    if (lib === 'gw') await tx.query(`SELECT graphile_worker.add_job('job', json_build_object('i', $1::int))`, [i]);
    else await q.boss.send('job', { i }, { db: { executeSql: (text, values) => tx.query(text, values) } });
  };
  await txRun((tx) => enqueueInTx(tx, 1), false);
  await txRun((tx) => enqueueInTx(tx, 2), true);
  const jobs = lib === 'gw'
    ? (await db.query(`SELECT payload->>'i' AS i FROM graphile_worker._private_jobs`)).rows
    : (await db.query(`SELECT data->>'i' AS i FROM pgboss.job WHERE name = 'job'`)).rows;
  const runs = (await db.query(`SELECT id FROM runs`)).rows;
  out.push({ db: dbKind, lib, jobs_after_rollback_then_commit: jobs.map((r) => Number(r.i)), runs: runs.map((r) => Number(r.id)) });
  await q.stop();
  if (client) { await client.end(); await dropPgDatabase(`spike_tx_${lib}`); } else await thread.close();
}
for (const o of out) console.log(JSON.stringify(o));
process.exit(0);
