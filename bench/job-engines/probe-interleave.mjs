// Does a statement from a pglite-socket connection run inside a transaction the app holds open on the
// same PGlite (app's direct thread path)? App: BEGIN; ... wait ...; ROLLBACK. Socket: INSERT meanwhile.
import pg from 'pg';
import { startPgliteThread, sleep } from './common.mjs';
const thread = await startPgliteThread({ socket: true });
await thread.query('CREATE TABLE t (who text)');
const c = new pg.Client(`postgres://postgres@127.0.0.1:${thread.port}/postgres`); await c.connect();
let socketDoneWhileTxOpen = false;
const tx = thread.transaction(async (t) => {
  await t.query(`INSERT INTO t VALUES ('app-in-tx')`);
  const p = c.query(`INSERT INTO t VALUES ('socket')`).then(() => (socketDoneWhileTxOpen = true));
  await sleep(300);
  throw new Error('rollback');
}).catch(() => {});
await tx; await sleep(100);
const rows = (await thread.query('SELECT who FROM t')).rows.map((r) => r.who);
console.log(JSON.stringify({ socketDoneWhileTxOpen, rowsAfterAppRollback: rows }));
await c.end(); await thread.close(); process.exit(0);
