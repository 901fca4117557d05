/**
 * The embedded PostgreSQL's own thread (pglite.ts). PGlite is PostgreSQL compiled to WebAssembly and
 * runs synchronously where it lives: on the server's thread, parsing a 4 MB jsonb held every other
 * request for a tenth of a second or more. Here it holds only this thread.
 *
 * Messages in:  { id, op: 'query', sql, params (a JSON text as { jsonText: bytes }), tx? } | { id, op: 'exec', sql, tx? }
 *               | { id, op: 'begin' } (answers { tx }) | { id, op: 'end', tx, commit } | { id, op: 'close' }
 * Messages out: { id, rows } | { id, rowsJson } | { id, tx } | { id } | { id, error: { message, code, ... } }
 * A transaction stays open inside PGlite's own `transaction` callback until its 'end' arrives, so
 * queries outside it wait for it, as on one connection.
 *
 * Plain JavaScript (not TypeScript): a worker thread is a new Node instance, loaded without tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createStatementCache } from './pglite-statements.mjs';

const pg = await PGlite.create({ dataDir: workerData.directory });
// Its pages are read from memory, not a disk: a random read costs what a sequential one does. With the
// default 4 the planner preferred sorting every waiting run to walking the queue's index in order
// (nothing analyses the tables here: PGlite runs no autovacuum), and each claim paid for the queue's length.
await pg.exec('SET random_page_cost = 1.1');
const statements = createStatementCache(pg);
const transactions = new Map();
let nextTx = 1;

const ERROR_FIELDS = ['code', 'detail', 'hint', 'severity', 'constraint', 'table', 'column', 'schema', 'position'];

function fail(id, error) {
  const fields = { message: String(error?.message ?? error) };
  for (const field of ERROR_FIELDS) if (error && typeof error[field] === 'string') fields[field] = error[field];
  parentPort.postMessage({ id, error: fields });
}

/** Rows are cloned to the server's thread; rows too deep to clone (data stored before depth checks) go as JSON text. */
function answerRows(id, rows) {
  try {
    parentPort.postMessage({ id, rows });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    let rowsJson;
    try {
      rowsJson = JSON.stringify(rows);
    } catch {
      // Deeper still (past JSON.stringify's reach): refused as PostgreSQL refuses a value too complex.
      return fail(id, { message: 'A stored value nests too deeply to be read', code: '54001' });
    }
    parentPort.postMessage({ id, rowsJson });
  }
}

const decoder = new TextDecoder();
/** A JSON text parameter arrives as its UTF-8 bytes: decoded on this thread, not the server's. */
const paramOf = (param) => (param !== null && typeof param === 'object' && param.jsonText instanceof Uint8Array ? decoder.decode(param.jsonText) : param);

async function run(target, message) {
  if (message.op === 'exec') {
    await target.exec(message.sql);
    parentPort.postMessage({ id: message.id });
  } else {
    const params = (message.params ?? []).map(paramOf);
    const reused = await statements.query(message.sql, params, target !== pg);
    const result = reused ?? (await target.query(message.sql, params));
    answerRows(message.id, result.rows);
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
  }).then(
    (endId) => {
      transactions.delete(tx);
      parentPort.postMessage({ id: endId });
    },
    (error) => {
      const entry = transactions.get(tx);
      transactions.delete(tx);
      // Failed to begin (no answer yet) or to commit.
      if (entry?.handle === null) fail(id, error);
      else if (entry?.endId !== undefined) fail(entry.endId, error);
    },
  );
}

parentPort.on('message', (message) => {
  if (message.op === 'begin') return begin(message.id);
  if (message.op === 'end') {
    const entry = transactions.get(message.tx);
    if (!entry) return fail(message.id, new Error('No such transaction'));
    entry.endId = message.id;
    return entry.finish({ commit: message.commit, endId: message.id });
  }
  if (message.op === 'close') {
    return void pg.close().then(
      () => parentPort.postMessage({ id: message.id }),
      (error) => fail(message.id, error),
    );
  }
  const target = message.tx === undefined ? pg : transactions.get(message.tx)?.handle;
  if (!target) return fail(message.id, new Error('No such transaction'));
  run(target, message).catch((error) => fail(message.id, error));
});
parentPort.postMessage({ ready: true });
