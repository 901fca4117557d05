// Cost of one statement on PGlite-in-a-thread: the app's message path vs a pg Pool through pglite-socket.
// node raw-path.mjs  (sequential, then 8 at a time)
import pg from 'pg';
import { startPgliteThread } from './common.mjs';
const thread = await startPgliteThread({ socket: true });
await thread.query('CREATE TABLE t (id int PRIMARY KEY, v text)');
const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${thread.port}/postgres`, max: 8 });
const N = 2000;
async function time(label, q, par) {
  const t = performance.now(); let i = 0;
  await Promise.all(Array.from({ length: par }, async () => { while (i < N) { const k = i++; await q(k); } }));
  const us = (performance.now() - t) * 1000 / N;
  console.log(JSON.stringify({ label, par, us_per_stmt: Math.round(us) }));
}
for (const par of [1, 8]) {
  await thread.query('TRUNCATE t');
  await time('thread: INSERT', (k) => thread.query('INSERT INTO t VALUES ($1, $2)', [k, 'x']), par);
  await thread.query('TRUNCATE t');
  await time('socket pool: INSERT', (k) => pool.query('INSERT INTO t VALUES ($1, $2)', [k, 'x']), par);
  await time('thread: SELECT 1', () => thread.query('SELECT 1'), par);
  await time('socket pool: SELECT 1', () => pool.query('SELECT 1'), par);
}
await pool.end(); await thread.close(); process.exit(0);
