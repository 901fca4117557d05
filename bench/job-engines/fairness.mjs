// Per-user "≤ 1 running" natively: graphile-worker queue_name = user, pg-boss queue policy 'singleton' with
// singletonKey = user. 20 jobs of user A then 2 of user B, 8 workers, each job 200 ms. PostgreSQL.
// node fairness.mjs --lib=gw|boss
import { args, freshPgDatabase, dropPgDatabase, sleep } from './common.mjs';
import { startQueue } from './libs.mjs';
import PgBoss from 'pg-boss';
const { lib } = args();
const url = await freshPgDatabase(`spike_fair_${lib}`);
const running = new Map(); let maxPerUser = {}; const started = []; let errors = 0; let done = 0;
const handler = async (d) => {
  running.set(d.u, (running.get(d.u) ?? 0) + 1); maxPerUser[d.u] = Math.max(maxPerUser[d.u] ?? 0, running.get(d.u));
  started.push(`${d.u}${d.i}`); await sleep(200); running.set(d.u, running.get(d.u) - 1); done++;
};
const jobs = [...Array.from({ length: 20 }, (_, i) => ({ u: 'A', i })), ...Array.from({ length: 2 }, (_, i) => ({ u: 'B', i }))];
const t0 = Date.now();
if (lib === 'gw') {
  const q = await startQueue({ lib, url, concurrency: 8, handler, pollMs: 2000 });
  await q.utils.addJobs(jobs.map((payload) => ({ identifier: 'job', payload, queueName: `user:${payload.u}` })));
  while (done < jobs.length && Date.now() - t0 < 15000) await sleep(50);
  await q.stop();
} else {
  const boss = new PgBoss({ connectionString: url, schedule: false });
  boss.on('error', (e) => { errors++; if (errors < 3) console.error('[boss error]', e.message); });
  await boss.start();
  await boss.createQueue('job', { policy: 'singleton' });
  await boss.work('job', { batchSize: 8, pollingIntervalSeconds: 0.5 }, async (js) => { await Promise.all(js.map((j) => handler(j.data))); });
  for (const d of jobs) await boss.send('job', d, { singletonKey: `user:${d.u}` });
  while (done < jobs.length && Date.now() - t0 < 15000) await sleep(50);
  await boss.stop({ graceful: false, wait: true });
}
console.log(JSON.stringify({ lib, done, of: jobs.length, ms: Date.now() - t0, maxRunningPerUser: maxPerUser, startOrder: started.join(' '), errors }));
await dropPgDatabase(`spike_fair_${lib}`);
process.exit(0);
