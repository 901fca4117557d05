// Copied from ../pglite-thread.mjs (PGlite in its own worker thread, as Flowsmith runs it), with one change for
// pg-boss 12: 'exec' answers the rows of EVERY statement, flattened (as pg-boss's own pg Db and its fromPglite
// adapter do), because pg-boss 12 sends `BEGIN; ... RETURNING ...; COMMIT` blocks whose rows sit mid-text.
//  - 'query' / 'exec' both answer rows (multi-statement text goes to exec, no params);
//    PGLITE_EXEC_LAST_ONLY=1 (env): exec answers the last statement's rows only, as ../pglite-thread.mjs does.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const pg = await PGlite.create({ dataDir: workerData.directory });
const server = null; // (the parent's optional pglite-socket server is not needed here)
const transactions = new Map();
let nextTx = 1;
function fail(id, error) {
  const e = { message: String(error?.message ?? error) };
  for (const f of ['code', 'detail', 'constraint']) if (error && typeof error[f] === 'string') e[f] = error[f];
  parentPort.postMessage({ id, error: e });
}
async function run(target, m) {
  if (m.op === 'exec') {
    const results = await target.exec(m.sql);
    const last = results[results.length - 1];
    parentPort.postMessage({ id: m.id, rows: workerData.execLastOnly ? last?.rows ?? [] : results.flatMap((r) => r.rows ?? []), rowCount: last?.affectedRows ?? 0 });
  } else {
    const r = await target.query(m.sql, m.params ?? []);
    parentPort.postMessage({ id: m.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
  }
}
function begin(id) {
  const tx = nextTx++;
  let finish;
  const ended = new Promise((resolve) => (finish = resolve));
  transactions.set(tx, { handle: null, finish });
  pg.transaction(async (handle) => {
    transactions.get(tx).handle = handle;
    parentPort.postMessage({ id, tx });
    const { commit, endId } = await ended;
    if (!commit) await handle.rollback();
    return endId;
  }).then((endId) => { transactions.delete(tx); parentPort.postMessage({ id: endId }); },
    (error) => { const en = transactions.get(tx); transactions.delete(tx); fail(en?.endId ?? id, error); });
}
pg.onNotification((channel, payload) => parentPort.postMessage({ notification: { channel, payload } }));
parentPort.on('message', (m) => {
  if (m.op === 'begin') return begin(m.id);
  if (m.op === 'end') { const en = transactions.get(m.tx); en.endId = m.id; return en.finish({ commit: m.commit, endId: m.id }); }
  if (m.op === 'close') return void (async () => { if (server) await server.stop(); await pg.close(); parentPort.postMessage({ id: m.id }); })();
  const target = m.tx === undefined ? pg : transactions.get(m.tx)?.handle;
  if (!target) return fail(m.id, new Error('No such transaction'));
  run(target, m).catch((error) => fail(m.id, error));
});
parentPort.postMessage({ ready: true, port: server ? server.port ?? server.getServerConn() : null });
