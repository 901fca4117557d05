// Copied from ../admit-child.mjs; change: it also reports the `other` statements by first words.
// A worker process of admit.mjs --procs=N: its own engine over its own pool; on 'stop' it stops and reports
// the runs it executed and the statements it sent.
import { openDb } from './admit-db.mjs';
import { startEngine } from './admit-engines.mjs';
const o = JSON.parse(process.argv[2]);
const db = await openDb({ url: o.url });
const executions = new Map();
const onRun = async (run) => { executions.set(run.runId, (executions.get(run.runId) ?? 0) + 1); if (o.workMs) await new Promise((r) => setTimeout(r, o.workMs)); };
const e = await startEngine({ kind: o.engine, db, perUser: o.perUser, concurrency: o.conc, pollMs: o.pollMs, rewake: o.rewake, onRun });
process.send({ ready: true });
let started = false;
process.on('message', () => {});
await new Promise((r) => setTimeout(r, 500));
db.reset();
process.on('message', async (m) => {
  if (m !== 'stop' || started) return; started = true;
  await e.stop();
  process.send({ executions: [...executions], counts: db.counts, kinds: db.kinds, others: db.others, stats: e.stats });
  await db.end(); process.exit(0);
});
