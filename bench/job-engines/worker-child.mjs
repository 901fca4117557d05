// A worker process: node worker-child.mjs '{"lib":"gw","url":"...","conc":8,"slowMs":0,...}'
// Handler = the realistic run: upsert the run RUNNING (attempts counted), [sleep slowMs], UPDATE SUCCEEDED.
import { startQueue, appDb } from './libs.mjs';
import { sleep } from './common.mjs';
const o = JSON.parse(process.argv[2]);
const app = appDb({ url: o.url });
const me = `pid${process.pid}`;
async function handler(d) {
  await app.query(`INSERT INTO runs (id, user_id, status, worker) VALUES ($1, $2, 'RUNNING', $3)
    ON CONFLICT (id) DO UPDATE SET attempts = runs.attempts + 1, worker = $3, status = 'RUNNING'`, [d.i, d.u, me]);
  if (o.slowMs) await sleep(o.slowMs);
  await app.query(`UPDATE runs SET status = 'SUCCEEDED', finish_time = clock_timestamp() WHERE id = $1`, [d.i]);
}
const q = await startQueue({ lib: o.lib, url: o.url, concurrency: o.conc ?? 8, handler, pollMs: o.pollMs, localQueue: o.lq ?? 0,
  expireInSeconds: o.expireInSeconds, retryLimit: o.retryLimit ?? 0, maintenanceIntervalSeconds: o.maintenanceIntervalSeconds });
await sleep(300);
process.send({ ready: true, pid: process.pid, workerIds: q.workerIds ?? [] });
process.on('message', async (m) => { if (m === 'stop') { await q.stop(); await app.end(); process.exit(0); } });
