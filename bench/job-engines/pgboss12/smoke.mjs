// Does pg-boss 12.38.0 work on this Node (20.20.2)? One pass over the features the port would use, on
// PostgreSQL (pg-boss's own pool, its own LISTEN connection) or on PGlite in a worker thread (custom `db`).
//   node smoke.mjs --db=pg|pglite      -> one line per check, then results/smoke-<db>.json
// Every check records ok / the exact error. Two PgBoss instances share the database where a check is
// about "across processes" (groupConcurrency, schedules): on PGlite both sit on the one thread.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { PgBoss } from 'pg-boss';
import pg from 'pg';
import { args, freshPgDatabase, dropPgDatabase, startPgliteThread, sleep } from './common.mjs';
import { bossDbOverPglite } from './adapters.mjs';

const a = args();
const dbKind = a.db ?? 'pg';
const results = [];
const warnings = [];
const errors = [];
async function check(step, fn) {
  const t = performance.now();
  try {
    const detail = await fn();
    results.push({ step, ok: detail?.ok ?? true, ms: Math.round(performance.now() - t), detail });
  } catch (e) {
    results.push({ step, ok: false, ms: Math.round(performance.now() - t), error: `${e?.constructor?.name}: ${e?.message}`, code: e?.code, stack: e?.stack?.split('\n').slice(0, 4).join(' | ') });
  }
  const r = results.at(-1);
  console.log(`${r.ok ? "ok  " : "FAIL"} ${step} (${r.ms} ms) ${r.error ?? JSON.stringify(r.detail ?? "")}`);
}

let url, thread, dbName;
if (dbKind === 'pg') { dbName = `spike_pgb12_smoke_${process.pid}`; url = await freshPgDatabase(dbName); } else thread = await startPgliteThread();
const common = {
  schedule: true, supervise: true, migrate: true,
  superviseIntervalSeconds: 1, maintenanceIntervalSeconds: 1, monitorIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, useListenNotify: true,
};
const make = (name) => {
  const b = new PgBoss({ ...common, ...(url ? { connectionString: url, max: 6 } : { db: bossDbOverPglite(thread), backend: 'pglite' }), instanceName: name });
  b.on('error', (e) => errors.push(`${name}: ${e?.message}`));
  b.on('warning', (w) => warnings.push(`${name}: ${w?.message}`));
  return b;
};
const boss = make('one');
const boss2 = make('two');
const state = async (q, id) => (await boss.findJobs(q, { id }))[0]?.state;

await check('start() on an empty database (schema creation, migrations)', async () => { await boss.start(); return { version: await boss.schemaVersion(), installed: await boss.isInstalled() }; });
await check('second instance start() (schema present)', async () => { await boss2.start(); return {}; });
await check('detectSchemaDrift()', async () => { const d = await boss.detectSchemaDrift(); return { drift: Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Array.isArray(v) ? v.length : v])) }; });
await check('createQueue x4 (notify, heartbeatSeconds, retryLimit)', async () => {
  await boss.createQueue('q', { retryLimit: 1, notify: true });
  await boss.createQueue('grp', { notify: true });
  await boss.createQueue('hb', { heartbeatSeconds: 10, retryLimit: 0 });
  await boss.createQueue('sched');
  return { queues: (await boss.getQueues()).map((q) => q.name) };
});
await check('send (own id) + fetch + complete', async () => {
  const id = randomUUID();
  const got = await boss.send('q', { n: 1 }, { id });
  const [job] = await boss.fetch('q');
  const c = await boss.complete('q', job.id, { done: true });
  return { ok: got === id && job.id === id && c.affected === 1 && (await state('q', id)) === 'completed', sentId: got === id, fetched: job?.id === id, affected: c.affected, state: await state('q', id) };
});
await check('send twice with the same id is a no-op', async () => {
  const id = randomUUID();
  const a1 = await boss.send('q', {}, { id }); const a2 = await boss.send('q', {}, { id });
  const jobs = await boss.fetch('q', { batchSize: 5 });
  await boss.complete('q', jobs.map((j) => j.id));
  return { ok: a1 === id && a2 === null && jobs.length === 1, first: a1, second: a2, fetched: jobs.length };
});
await check('fail -> retry -> fail -> failed (retryLimit 1)', async () => {
  const id = await boss.send('q', { n: 2 });
  const [j1] = await boss.fetch('q'); await boss.fail('q', j1.id, new Error('boom'));
  const s1 = await state('q', id);
  const [j2] = await boss.fetch('q'); await boss.fail('q', j2, { why: 'again' });
  const s2 = await state('q', id);
  return { ok: s1 === 'retry' && j2?.retryCount === 1 && s2 === 'failed', afterFirst: s1, secondRetryCount: j2?.retryCount, final: s2 };
});
await check('insert many with ids and groups', async () => {
  const ids = Array.from({ length: 50 }, () => randomUUID());
  await boss.insert('q', ids.map((id, i) => ({ id, data: { i }, group: { id: `u${i % 3}` } })));
  const jobs = await boss.fetch('q', { batchSize: 100 });
  await boss.complete('q', jobs);
  return { ok: jobs.length === 50 && jobs.every((j) => j.groupId?.startsWith('u')), fetched: jobs.length, groups: [...new Set(jobs.map((j) => j.groupId))] };
});
await check('send inside our own transaction ({ db }): rollback drops it, commit keeps it', async () => {
  const tx = async (commit) => {
    const id = randomUUID();
    if (thread) {
      await thread.transaction(async (t) => { await boss.send('q', {}, { id, db: { executeSql: (s, v) => (v?.length ? t.query(s, v) : t.exec(s)) } }); if (!commit) throw new Error('rollback'); }).catch(() => {});
    } else {
      const c = new pg.Client(url); await c.connect(); await c.query('BEGIN');
      await boss.send('q', {}, { id, db: { executeSql: (s, v) => c.query(s, v) } });
      await c.query(commit ? 'COMMIT' : 'ROLLBACK'); await c.end();
    }
    return state('q', id);
  };
  const rolledBack = await tx(false), committed = await tx(true);
  const left = await boss.fetch('q', { batchSize: 10 }); if (left.length) await boss.complete('q', left);
  return { ok: rolledBack === undefined && committed === 'created', rolledBack: rolledBack ?? 'absent', committed };
});
await check('work(): 20 jobs, localConcurrency 4, enqueue->start latency via LISTEN/NOTIFY', async () => {
  const started = new Map();
  const wid = await boss.work('q', { localConcurrency: 4, pollingIntervalSeconds: 2 }, async ([job]) => { started.set(job.id, performance.now()); });
  await sleep(300);
  const lat = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now(); const id = await boss.send('q', { i });
    while (!started.has(id) && performance.now() - t < 5000) await sleep(2);
    lat.push(started.has(id) ? started.get(id) - t : Infinity);
    await sleep(20);
  }
  await boss.offWork('q', { id: wid, wait: true });
  lat.sort((x, y) => x - y);
  return { ok: lat.every(Number.isFinite), workerId: !!wid, p50_ms: Math.round(lat[9]), p95_ms: Math.round(lat[18]), max_ms: Math.round(lat[19]) };
});
await check('fetch({ groupConcurrency: 2 }) with 3 active: returns <= 2 per group', async () => {
  await boss.insert('grp', [...Array.from({ length: 6 }, (_, i) => ({ data: { g: 'A', i }, group: { id: 'A' } })), ...Array.from({ length: 6 }, (_, i) => ({ data: { g: 'B', i }, group: { id: 'B' } }))]);
  const f1 = await boss.fetch('grp', { batchSize: 10, groupConcurrency: 2 });
  const f2 = await boss.fetch('grp', { batchSize: 10, groupConcurrency: 2 }); // both groups at their limit: nothing
  await boss.complete('grp', f1);
  const f3 = await boss.fetch('grp', { batchSize: 10, groupConcurrency: 2 });
  await boss.complete('grp', f3);
  const rest = await boss.fetch('grp', { batchSize: 50 }); await boss.complete('grp', rest);
  const per = (js) => Object.fromEntries(['A', 'B'].map((g) => [g, js.filter((j) => j.groupId === g).length]));
  return { ok: f1.length === 4 && f2.length === 0 && f3.length === 4, first: per(f1), whileFull: per(f2), afterComplete: per(f3) };
});
await check('work({ groupConcurrency: 2 }) on TWO instances x localConcurrency 4, 40+40 jobs of 100 ms: max running per group', async () => {
  // notifyPollingIntervalSeconds: with the queue's notify on, a worker otherwise waits 30 s (its default)
  // after every job that did not come from a NOTIFY, since only an insert notifies.
  const running = {}; const max = { A: 0, B: 0 }; const done = new Set(); let over = 0;
  const handler = async ([job]) => {
    const g = job.groupId; running[g] = (running[g] ?? 0) + 1; max[g] = Math.max(max[g], running[g]); if (running[g] > 2) over++;
    await sleep(100); running[g]--; done.add(job.id);
  };
  await boss.insert('grp', [...Array.from({ length: 40 }, (_, i) => ({ data: { i }, group: { id: 'A' } })), ...Array.from({ length: 40 }, (_, i) => ({ data: { i }, group: { id: 'B' } }))]);
  const o = { localConcurrency: 4, groupConcurrency: 2, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 };
  const w1 = await boss.work('grp', o, handler);
  const w2 = await boss2.work('grp', o, handler);
  const t = performance.now(); while (done.size < 80 && performance.now() - t < 60000) await sleep(20);
  const ms = Math.round(performance.now() - t);
  await boss.offWork('grp', { id: w1, wait: true }); await boss2.offWork('grp', { id: w2, wait: true });
  return { ok: done.size === 80 && max.A <= 2 && max.B <= 2, done: done.size, maxRunning: max, startsOverLimit: over, ms };
});
await check('heartbeats: work() keeps a 13 s job alive (heartbeatSeconds 10); a fetched job never touched is failed', async () => {
  await boss.send('hb', { k: 'stale' });
  const [stale] = await boss.fetch('hb'); // fetched here and never touched: should be failed after 10 s
  await boss.send('hb', { k: 'manual' });
  const [manual] = await boss.fetch('hb'); // fetched here and touched every 4 s by hand: should stay active
  const alive = await boss.send('hb', { k: 'alive' }); // run 13 s by work(), which refreshes its heartbeat
  const retryCounts = [];
  const wid = await boss.work('hb', { pollingIntervalSeconds: 0.5 }, async ([job]) => { retryCounts.push(job.retryCount); await sleep(13000); });
  const timer = setInterval(() => boss.touch('hb', manual).catch((e) => errors.push('touch: ' + e.message)), 4000);
  await sleep(15000);
  clearInterval(timer);
  await boss.offWork('hb', { id: wid, wait: true });
  const staleJob = (await boss.findJobs('hb', { id: stale.id }))[0];
  const manualState = await state('hb', manual.id);
  await boss.complete('hb', manual);
  const s = { alive: await state('hb', alive), aliveAttempts: retryCounts, stale: staleJob?.state, staleOutput: staleJob?.output, manualTouchState: manualState };
  return { ok: s.alive === 'completed' && retryCounts.length === 1 && s.stale === 'failed' && manualState === 'active', ...s };
});
await check('schedules: cron "*/2 * * * * *" and rrule "FREQ=SECONDLY;INTERVAL=3" on two instances, 9 s: one job per 60 s slot, none twice', async () => {
  // pg-boss 12 files a schedule's occurrences in 60-second throttle slots (OCCURRENCE_WINDOW_SECONDS in
  // timekeeper.js): a finer expression still sends one job a minute. What is checked: each schedule sent,
  // and no (schedule, slot) pair twice although both instances run cron passes every second.
  await boss.schedule('sched', '*/2 * * * * *', { kind: 'cron' }, { key: 'cron' });
  await boss.schedule('sched', 'FREQ=SECONDLY;INTERVAL=3', { kind: 'rrule' }, { key: 'rrule' });
  const schedules = (await boss.getSchedules('sched')).map((s) => `${s.key}:${s.kind}`);
  const preview = boss.previewSchedule('FREQ=SECONDLY;INTERVAL=3', { count: 2 }).map((d) => d.toISOString());
  await sleep(9000);
  await boss.unschedule('sched', 'cron'); await boss.unschedule('sched', 'rrule');
  const jobs = await boss.findJobs('sched', { limit: 1000 });
  const sent = await boss.findJobs('__pgboss__send-it', { limit: 1000 });
  const slots = sent.map((j) => `${j.data?.key}@${j.data?.slot}`);
  const byKind = Object.fromEntries(['cron', 'rrule'].map((k) => [k, jobs.filter((j) => j.data?.kind === k).length]));
  return { ok: byKind.cron >= 1 && byKind.rrule >= 1 && new Set(slots).size === slots.length, schedules, preview, jobs: byKind, sendItSlots: slots };
});
await check('cron per minute: "* * * * *" accepted, previewSchedule', async () => ({ preview: boss.previewSchedule('* * * * *', { count: 2 }).map((d) => d.toISOString()) }));
await check('getInstances()', async () => ({ instances: (await boss.getInstances()).map((i) => i.name) }));
await check('stop() both, graceful', async () => { await boss.stop({ graceful: true, wait: true, timeout: 5000 }); await boss2.stop({ graceful: true, wait: true, timeout: 5000 }); return {}; });

const out = { node: process.version, db: dbKind, pgboss: '12.38.0', results, warnings: [...new Set(warnings)], errors: [...new Set(errors)] };
writeFileSync(new URL(`./results/smoke-${dbKind}.json`, import.meta.url), JSON.stringify(out, null, 1));
console.log(`warnings: ${JSON.stringify(out.warnings)}\nerror events: ${JSON.stringify(out.errors)}`);
console.log(`${results.filter((r) => r.ok).length}/${results.length} checks ok`);
if (thread) await thread.close(); else await dropPgDatabase(dbName);
process.exit(0);
