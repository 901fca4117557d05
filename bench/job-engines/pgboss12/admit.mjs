// Copied from ../admit.mjs (same workloads, checks and counting); changes: the engines are ours and pg-boss 12's
// (boss12-group, boss12-work), and for them the sampler also reads pg-boss's own active jobs per group
// (max_active_per_group, part of `ok`), and the output has the `other` statements by first words.
//   node admit.mjs --engine=ours|boss12-group|boss12-work --db=pg|pglite --w=1|2 [--procs=N] [--conc=8] [--per-user=4] [--work-ms=0] [--rewake]
// W1: 16 users x 125 runs queued at once; W2: user A queues 1,000, then user B 20. --procs=N (PostgreSQL only):
// N worker processes (admit-child.mjs), this process only queues (W3). Prints one JSON line, checks included:
// each run executed exactly once, every flow_runs row SUCCEEDED, the most runs of one user going at once
// (sampled every 25 ms: ADMITTED or RUNNING rows) never above the limit.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { args, freshPgDatabase, dropPgDatabase, startPgliteThread, sleep } from './common.mjs';
import { openDb, SCHEMA, seedUsers } from './admit-db.mjs';
import { startEngine } from './admit-engines.mjs';

const a = args();
const engine = a.engine, dbKind = a.db ?? 'pg', w = Number(a.w ?? 1), procs = Number(a.procs ?? 0);
const rewake = !!a.rewake;
const conc = Number(a.conc ?? 8), perUser = Number(a['per-user'] ?? 4), workMs = Number(a['work-ms'] ?? 0), pollMs = 500;
const dbName = `spike_admit_${process.pid}`;
let url, thread;
if (dbKind === 'pg') url = await freshPgDatabase(dbName); else thread = await startPgliteThread();
const db = await openDb({ url, thread });
await db.raw.exec(SCHEMA);
const users = await seedUsers(db.raw, w === 1 ? 16 : 2);
const runsOf = (user, n) => Array.from({ length: n }, () => ({ runId: randomUUID(), ...user }));
const batches = w === 1
  ? [Array.from({ length: 2000 }, (_, i) => ({ runId: randomUUID(), ...users[i % 16] }))]
  : [runsOf(users[0], 1000), runsOf(users[1], 20)];
const n = batches.reduce((s, b) => s + b.length, 0);

const executions = new Map();
const onRun = async (run) => { executions.set(run.runId, (executions.get(run.runId) ?? 0) + 1); if (workMs) await sleep(workMs); };
// This process's engine: the workers (procs = 0) or only the enqueuer, as a web process (procs > 0).
const local = await startEngine({ kind: engine, db, perUser, concurrency: procs ? 0 : conc, pollMs, rewake, onRun });
const children = [];
for (let i = 0; i < procs; i++) {
  const k = fork(new URL('./admit-child.mjs', import.meta.url), [JSON.stringify({ engine, url, conc, perUser, workMs, pollMs, rewake })]);
  children.push(new Promise((r) => k.once('message', () => r(k))));
}
const kids = await Promise.all(children);
await sleep(procs ? 600 : 300);
db.reset();

// Sampler (not counted): per user, runs done and runs going.
let maxBusy = 0, samples = 0; const doneAt = {}; let sampling = false; let latest = [];
const isBoss = engine.startsWith('boss12');
let maxActive = 0; // pg-boss 12's own count: active jobs per group (= user) in pgboss.job
const t0 = performance.now();
const sampler = setInterval(async () => {
  if (sampling) return; sampling = true;
  try {
    // boss12: pg-boss's active jobs per group in the same statement (an uncorrelated subquery, run once), so the
    // sampler costs the database one round trip per 25 ms for every engine.
    const activeMax = isBoss ? `, (SELECT coalesce(max(x.c), 0)::int FROM (SELECT count(*) AS c FROM pgboss.job WHERE name = 'runs' AND state = 'active' GROUP BY group_id) x) AS active_max` : '';
    const { rows } = await db.raw.query(`SELECT user_id, count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS done,
      count(*) FILTER (WHERE status IN ('ADMITTED', 'RUNNING'))::int AS busy${activeMax} FROM flow_runs GROUP BY user_id`);
    latest = rows; samples++;
    for (const r of rows) { maxBusy = Math.max(maxBusy, r.busy); if (!doneAt[r.user_id] && r.done === want[r.user_id]) doneAt[r.user_id] = performance.now(); }
    if (isBoss) for (const r of rows) maxActive = Math.max(maxActive, r.active_max);
  } finally { sampling = false; }
}, 25);
const want = {}; for (const b of batches) for (const r of b) want[r.userId] = (want[r.userId] ?? 0) + 1;
const enqueuedAt = [];
for (const b of batches) { enqueuedAt.push(performance.now()); await local.enqueue(b); }
const t1 = performance.now();
const deadline = t0 + 180_000;
while (performance.now() < deadline && Object.keys(want).some((u) => !doneAt[u])) await sleep(10);
const t2 = performance.now();
clearInterval(sampler); while (sampling) await sleep(5);

// Checks and the children's tallies.
const childReports = await Promise.all(kids.map((k) => new Promise((r) => { k.once('message', r); k.send('stop'); })));
await local.stop();
const counts = { ...db.counts }, kinds = { ...db.kinds }, others = { ...db.others };
const runCounts = new Map(executions);
for (const c of childReports) {
  for (const [id, x] of c.executions) runCounts.set(id, (runCounts.get(id) ?? 0) + x);
  for (const [k, v] of Object.entries(c.counts)) counts[k] = (counts[k] ?? 0) + v;
  for (const [k, v] of Object.entries(c.kinds ?? {})) kinds[k] = (kinds[k] ?? 0) + v;
  for (const [k, v] of Object.entries(c.others ?? {})) others[k] = (others[k] ?? 0) + v;
}
const all = batches.flat();
const twice = all.filter((r) => (runCounts.get(r.runId) ?? 0) > 1).length, never = all.filter((r) => !runCounts.get(r.runId)).length;
const statuses = Object.fromEntries((await db.raw.query(`SELECT status, count(*)::int AS c FROM flow_runs GROUP BY status`)).rows.map((r) => [r.status, r.c]));
const deferrals = (local.stats?.deferrals ?? 0) + childReports.reduce((s, c) => s + (c.stats?.deferrals ?? 0), 0);
const sweepAdmits = (local.stats?.admittedBySweep ?? 0) + childReports.reduce((s, c) => s + (c.stats?.admittedBySweep ?? 0), 0);
const ms = t2 - t0;
const out = {
  engine, db: dbKind, w, procs, conc, perUser, workMs, n, ...(rewake ? { rewake } : {}),
  total_ms: Math.round(ms), jobs_per_s: Math.round(n / (ms / 1000)), enqueue_ms: Math.round(t1 - t0),
  stmts: counts, stmts_per_job: Math.round(((counts.work ?? 0) + (counts.enqueue ?? 0)) / n * 100) / 100,
  work_per_job: Math.round((counts.work ?? 0) / n * 100) / 100, enqueue_per_job: Math.round((counts.enqueue ?? 0) / n * 100) / 100,
  per_job_by_kind: Object.fromEntries(Object.entries(kinds).filter(([, v]) => v).map(([k, v]) => [k, Math.round(v / n * 1000) / 1000])),
  deferrals, sweep_admits: sweepAdmits,
  ok: twice === 0 && never === 0 && statuses.SUCCEEDED === n && Object.keys(statuses).length === 1 && maxBusy <= perUser && maxActive <= perUser,
  executed_twice: twice, never_executed: never, statuses, max_busy_per_user: maxBusy, ...(isBoss ? { max_active_per_group: maxActive } : {}), samples,
  other_stmts: Object.fromEntries(Object.entries(others).sort((x, y) => y[1] - x[1]).slice(0, 12)),
};
if (w === 2) {
  const [A, B] = users;
  out.b_ms = doneAt[B.userId] ? Math.round(doneAt[B.userId] - enqueuedAt[1]) : null;
  out.a_ms = doneAt[A.userId] ? Math.round(doneAt[A.userId] - enqueuedAt[0]) : null;
  out.a_jobs_per_s = out.a_ms ? Math.round(1000 / (out.a_ms / 1000)) : null;
}
console.log(JSON.stringify(out));
process.on('uncaughtException', () => {});
await db.end();
if (thread) await thread.close(); else await dropPgDatabase(dbName);
process.exit(0);
