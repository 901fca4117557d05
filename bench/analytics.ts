/**
 * Analytics figures for `npm run bench -- --only analytics`: one user with a busy year of runs (1,000,000
 * by default; `--analytics-runs N` to change it), seeded as `npm run seed:runs` does, then every analytics
 * call timed through the real server (routing, authentication, validation, SQL, reply) on the embedded
 * database, and on PostgreSQL too when BENCH_DATABASE_URL names one (a throwaway schema is used). Also what
 * the rollup trigger costs a run's finish: 2,000 finishes (the UPDATE finishRun makes) with and without it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createServer, type FlowsmithServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { seedRuns } from './seed-runs.ts';
import { summarise, type Summary } from './stats.ts';

/** Each call as the dashboard and /analytics make it: SPEC §7's defaults, plus the longest period. */
const CALLS: readonly string[] = [
  '/analytics/dashboard/overview?period=30d',
  '/analytics/dashboard/overview?period=1y',
  '/analytics/workflows/overview?period=30d',
  '/analytics/workflows/creation-trends?period=1y&granularity=week',
  '/analytics/workflows/top-performing?period=1y&sort_by=execution_count',
  '/analytics/workflows/piece-usage?period=30d',
  '/analytics/executions/overview?period=1y',
  '/analytics/executions/timeline?period=7d&granularity=hour',
  '/analytics/executions/timeline?period=1y&granularity=day',
  // The largest reply: 8,761 hourly buckets.
  '/analytics/executions/timeline?period=1y&granularity=hour',
  '/analytics/executions/performance?period=1y',
  '/analytics/executions/error-analysis?period=1y',
  '/analytics/activity/recent?limit=50',
];

const REPEATS = 30;

export interface AnalyticsDatabaseFigures {
  database: 'PGlite' | 'PostgreSQL';
  runs: number;
  seedInsertMs: number;
  seedRebuildMs: number;
  calls: Record<string, Summary>;
  /** Microseconds per run finish, with the analytics trigger and without it. */
  finishMicros: { withTrigger: number; withoutTrigger: number };
}

export interface AnalyticsFigures {
  databases: AnalyticsDatabaseFigures[];
}

function runsOption(): number {
  const args = process.argv.slice(2);
  const at = args.indexOf('--analytics-runs');
  return at >= 0 ? Number(args[at + 1]) : 1_000_000;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const FINISHES = 2_000;

/** Microseconds per finish of a RUNNING run, as finishRun's UPDATE makes it (one in ten fails). */
async function finishCost(db: Database, flowIds: string[], userId: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO flow_runs (flow_id, user_id, status, start_time, steps)
     SELECT ($1::uuid[])[1 + (i % cardinality($1::uuid[]))], $2, 'RUNNING', now() - (i % 3600) * interval '1 second', '[]'::jsonb
     FROM generate_series(1, ${FINISHES}) i RETURNING id`,
    [flowIds, userId],
  );
  const steps = JSON.stringify([{ stepName: 'step_1', displayName: 'Fetch', type: 'PIECE', status: 'FAILED', error: 'Request failed', duration: 5 }]);
  const started = performance.now();
  for (const [index, row] of rows.entries()) {
    await db.query(`UPDATE flow_runs SET status = $2, finish_time = date_trunc('milliseconds', clock_timestamp()), steps = $3::jsonb WHERE id = $1`, [
      row.id,
      index % 10 === 0 ? 'FAILED' : 'SUCCEEDED',
      steps,
    ]);
  }
  return ((performance.now() - started) / FINISHES) * 1000;
}

async function withoutAnalyticsTrigger<T>(db: Database, work: () => Promise<T>): Promise<T> {
  await db.query('ALTER TABLE flow_runs DISABLE TRIGGER flow_runs_analytics_written');
  try {
    return await work();
  } finally {
    await db.query('ALTER TABLE flow_runs ENABLE TRIGGER flow_runs_analytics_written');
  }
}

async function measureOn(database: 'PGlite' | 'PostgreSQL', runs: number, url?: string): Promise<AnalyticsDatabaseFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-analytics-'));
  const schema = url ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  if (url && schema) await withClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
  const { port: _port, host: _host, ...config } = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  let server: FlowsmithServer | undefined;
  try {
    server = await createServer({
      ...config,
      databaseUrl: url,
      databaseSchema: schema,
      ...(url ? { jwtSecret: randomBytes(48).toString('base64url'), valuesKey: randomBytes(32).toString('base64url') } : {}),
      engine: { ...config.engine, workersEnabled: false },
    });
    const app = server.app;
    const user = { name: 'Bench', email: 'analytics@example.com', password: 'bench-password-1' };
    await app.inject({ method: 'POST', url: '/api/auth/register', payload: user });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } });
    const token = (login.json() as { access_token: string }).access_token;
    const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    const userId = (profile.json() as { id: string }).id;

    const seeded = await seedRuns(server.db, userId, { runs, workflows: 30, days: 365 });
    const headers = { authorization: `Bearer ${token}`, 'x-timezone': 'Europe/Berlin' };
    const calls: Record<string, Summary> = {};
    for (const url of CALLS) {
      const samples: number[] = [];
      for (let i = 0; i < REPEATS + 3; i++) {
        const start = performance.now();
        const reply = await app.inject({ method: 'GET', url: `/api${url}`, headers });
        const ms = performance.now() - start;
        if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
        // The first calls warm the plan cache and the database's buffers.
        if (i >= 3) samples.push(ms);
      }
      calls[url] = summarise(samples);
    }
    const db = server.db;
    const finishMicros = {
      withTrigger: await finishCost(db, seeded.workflowIds, userId),
      withoutTrigger: await withoutAnalyticsTrigger(db, () => finishCost(db, seeded.workflowIds, userId)),
    };
    return { database, runs: seeded.runs, seedInsertMs: seeded.insertMs, seedRebuildMs: seeded.rebuildMs, calls, finishMicros };
  } finally {
    await server?.close();
    if (url && schema) await withClient(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureAnalyticsFigures(): Promise<AnalyticsFigures> {
  const runs = runsOption();
  const databases = [await measureOn('PGlite', runs)];
  const url = process.env.BENCH_DATABASE_URL;
  if (url) databases.push(await measureOn('PostgreSQL', runs, url));
  return { databases };
}

export function printAnalyticsFigures(figures: AnalyticsFigures): void {
  for (const f of figures.databases) {
    console.log(`\nAnalytics on ${f.database}: ${f.runs.toLocaleString('en')} runs of one user over a year`);
    console.log(`  seeding: runs inserted in ${(f.seedInsertMs / 1000).toFixed(1)} s, rollups rebuilt in ${(f.seedRebuildMs / 1000).toFixed(1)} s`);
    console.log(`  ${'call'.padEnd(70)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const [call, s] of Object.entries(f.calls)) {
      console.log(`  ${call.padEnd(70)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)}`);
    }
    const finish = f.finishMicros;
    console.log(`  a run's finish: ${finish.withTrigger.toFixed(0)} µs with the analytics trigger, ${finish.withoutTrigger.toFixed(0)} µs without`);
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('  (set BENCH_DATABASE_URL to a PostgreSQL to measure it too)');
}
