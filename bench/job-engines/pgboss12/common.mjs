// Copied from ../common.mjs (unchanged but for the comment): args, spike_* databases, the PGlite thread.
import { Worker } from 'node:worker_threads';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL the spike may create databases on (SPIKE_DATABASE_URL; the default is where it ran first). */
export const PG_ADMIN = process.env.SPIKE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5433/postgres';
export const pgUrl = (db) => Object.assign(new URL(PG_ADMIN), { pathname: `/${db}` }).toString();

export function args() {
  const a = {};
  for (const s of process.argv.slice(2)) { const [k, v] = s.replace(/^--/, '').split('='); a[k] = v ?? true; }
  return a;
}

/** Fresh spike_* database on the real PostgreSQL. */
export async function freshPgDatabase(name) {
  const c = new pg.Client(PG_ADMIN); await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  return pgUrl(name);
}
export async function dropPgDatabase(name) {
  const c = new pg.Client(PG_ADMIN); await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c.end();
}

/** PGlite in a worker thread (like Flowsmith). query/exec/transaction; `port` when socket:true. */
export async function startPgliteThread({ socket = false, maxConnections = 100 } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'spike-pglite-'));
  const w = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { directory, socket, maxConnections, execLastOnly: !!process.env.PGLITE_EXEC_LAST_ONLY } });
  const pending = new Map(); let nextId = 1; const listeners = new Set();
  const port = await new Promise((resolve, reject) => {
    w.once('error', reject);
    w.on('message', (m) => {
      if (m.ready) return resolve(m.port);
      if (m.notification) { for (const l of listeners) l(m.notification); return; }
      const p = pending.get(m.id); if (!p) return; pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), m.error)); else p.resolve(m);
    });
  });
  const call = (msg) => new Promise((resolve, reject) => { const id = nextId++; pending.set(id, { resolve, reject }); w.postMessage({ ...msg, id }); });
  const q = (tx) => ({
    query: (sql, params) => call({ op: 'query', sql, params, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
  });
  return {
    port, directory, ...q(undefined),
    onNotification: (fn) => listeners.add(fn),
    async transaction(fn) {
      const { tx } = await call({ op: 'begin' });
      try { const r = await fn(q(tx)); await call({ op: 'end', tx, commit: true }); return r; }
      catch (e) { await call({ op: 'end', tx, commit: false }); throw e; }
    },
    async close() { await call({ op: 'close' }); await w.terminate(); rmSync(directory, { recursive: true, force: true }); },
  };
}

export const RUNS_DDL = `CREATE TABLE IF NOT EXISTS runs (id bigint PRIMARY KEY, user_id text NOT NULL, status text NOT NULL,
  start_time timestamptz NOT NULL DEFAULT clock_timestamp(), finish_time timestamptz, worker text, attempts int NOT NULL DEFAULT 1)`;

export function pct(sorted, p) { if (!sorted.length) return NaN; return sorted[Math.min(sorted.length - 1, Math.floor(p / 100 * sorted.length))]; }
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
