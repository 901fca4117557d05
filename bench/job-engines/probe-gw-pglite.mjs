// Step-by-step probe of graphile-worker over pglite-socket (PGlite in a worker thread).
import pg from 'pg';
import { startPgliteThread, sleep } from './common.mjs';
import { makeWorkerUtils, run, Logger } from 'graphile-worker';
const logger = new Logger(() => (level, message) => console.error(`[gw ${level}]`, message));
const thread = await startPgliteThread({ socket: true });
const cs = `postgres://postgres@127.0.0.1:${thread.port}/postgres`;
console.log('socket port', thread.port);
const c = new pg.Client(cs); await c.connect();
console.log('select 1 via socket', (await c.query('select 1 as x')).rows);
// LISTEN/NOTIFY across two socket connections
const c2 = new pg.Client(cs); await c2.connect();
let got = []; c.on('notification', (m) => got.push(['c(listener)', m.channel])); c2.on('notification', (m) => got.push(['c2(notifier)', m.channel]));
await c.query('LISTEN ch');
await c2.query(`NOTIFY ch, 'hi'`);
await sleep(300); await c.query('select 1'); await sleep(300);
console.log('notifications after NOTIFY on another connection:', JSON.stringify(got));
got = [];
await c.query(`NOTIFY ch, 'self'`); await sleep(300);
console.log('notifications after NOTIFY on the listening connection:', JSON.stringify(got));
await c2.end();
const t = Date.now();
const utils = await makeWorkerUtils({ connectionString: cs, logger });
const mig = Promise.race([utils.migrate().then(() => 'migrated'), sleep(20000).then(() => 'migrate TIMEOUT')]);
console.log(await mig, Date.now() - t, 'ms');
await c.end(); process.exit(0);
