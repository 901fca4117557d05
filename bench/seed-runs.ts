/**
 * `npm run seed:runs -- --runs 1000000 [--workflows 30] [--days 365] [--email you@example.com]`: fills
 * the database the server would open (DATA_DIR, or DATABASE_URL) with one user's busy year: workflows of
 * mixed steps created over the period and runs spread over it (mostly successes, a share of failures with
 * the step that failed, timeouts, stops, quota refusals). For the analytics bench, and for anyone who wants
 * to look at a busy dashboard: seed, then `npm start` and sign in with the account it prints.
 *
 * Runs are inserted by SQL in batches with triggers off, then the analytics rollups are rebuilt once: the
 * same figures the run trigger would have kept, in a fraction of the time.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createServer, type FlowsmithServer } from '../server/app.ts';
import { rebuildAnalytics } from '../server/analytics/rollups.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { findUserByEmail, insertUser } from '../server/auth/users.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/db/database.ts';
import { describe } from '../server/activity/recording.ts';
import { createWorkflow, versionWrite } from '../server/workflows/service.ts';
import { fromNestedFlow } from '../src/domain/index.ts';
import { mixedFlow, seededRandom } from './flow-generator.ts';

export interface SeedOptions {
  runs: number;
  workflows: number;
  days: number;
  /** Progress lines (batches); silent when absent. */
  log?: (line: string) => void;
}

export interface SeedResult {
  workflowIds: string[];
  runs: number;
  insertMs: number;
  rebuildMs: number;
}

const NAMES = [
  'Sync new leads to the CRM',
  'Daily sales report',
  'Invoice reminders',
  'Slack alert on failed payments',
  'Nightly backup check',
  'Welcome email sequence',
  'Support ticket triage',
  'Inventory low-stock alert',
  'Weekly metrics digest',
  'Form submissions to sheet',
  'Order fulfilment webhook',
  'Churn risk scoring',
];

const BATCH = 100_000;

/**
 * The run mix, by cumulative share: statuses, then durations in milliseconds drawn per status. The
 * failing step is one of the flow's first steps (its stored names), so error analysis has steps to show.
 */
const INSERT_RUNS_SQL = /* sql */ `
  WITH drawn AS (
    SELECT g,
           random() AS pick_flow, random() AS pick_time, random() AS pick_status, random() AS pick_duration,
           1 + floor(random() * 3)::int AS failing_step
    FROM generate_series(1, $2::int) AS g
  ), shaped AS (
    SELECT d.*,
           -- A few workflows run far more often than the rest.
           1 + floor(power(d.pick_flow, 2) * cardinality($3::uuid[]))::int AS flow_index,
           now() - make_interval(secs => d.pick_time * $4::double precision * 86400) AS start_time,
           CASE
             WHEN d.pick_status < 0.86 THEN 'SUCCEEDED'
             WHEN d.pick_status < 0.925 THEN 'FAILED'
             WHEN d.pick_status < 0.945 THEN 'TIMEOUT'
             WHEN d.pick_status < 0.955 THEN 'INTERNAL_ERROR'
             WHEN d.pick_status < 0.975 THEN 'STOPPED'
             WHEN d.pick_status < 0.98 THEN 'MEMORY_LIMIT_EXCEEDED'
             ELSE 'QUOTA_EXCEEDED'
           END AS status
    FROM drawn d
  )
  INSERT INTO flow_runs (flow_id, version_id, user_id, status, start_time, finish_time, steps, created)
  SELECT ($3::uuid[])[s.flow_index],
         ($5::uuid[])[s.flow_index],
         $1::uuid,
         s.status,
         date_trunc('milliseconds', s.start_time),
         date_trunc('milliseconds', s.start_time + make_interval(secs => CASE
           WHEN s.status = 'TIMEOUT' THEN 30 + s.pick_duration * 5
           WHEN s.status = 'QUOTA_EXCEEDED' THEN 0
           ELSE 0.05 + power(s.pick_duration, 3) * 12
         END)),
         CASE
           WHEN s.status IN ('SUCCEEDED', 'STOPPED') THEN jsonb_build_array(
             jsonb_build_object('stepName', 'step_1', 'displayName', 'Step 1', 'type', 'CODE', 'status', 'SUCCEEDED', 'duration', 40))
           WHEN s.status = 'QUOTA_EXCEEDED' THEN '[]'::jsonb
           ELSE jsonb_build_array(
             jsonb_build_object('stepName', 'step_' || s.failing_step, 'displayName', 'Step ' || s.failing_step, 'type', 'CODE',
                                'status', 'FAILED', 'error', 'Request failed with status 502', 'duration', 120))
         END,
         s.start_time
  FROM shaped s
`;

/** Workflows of `userId` with versions of mixed steps, created at moments spread over the period. */
async function seedWorkflows(db: Database, userId: string, options: SeedOptions): Promise<{ ids: string[]; versionIds: string[] }> {
  const random = seededRandom(7);
  const ids: string[] = [];
  const versionIds: string[] = [];
  for (let i = 0; i < options.workflows; i++) {
    const { nested } = mixedFlow(3 + Math.floor(random() * 10), 100 + i);
    const name = `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''}`;
    const flat = fromNestedFlow({ ...nested, displayName: name }, { id: '', flowId: '' });
    const { flow, version } = await createWorkflow(db, userId, versionWrite(flat, name), { type: 'workflow_created', describe: describe.created });
    ids.push(flow.id);
    versionIds.push(version.id);
  }
  // Spread the creations over the period so creation trends have a shape; a few stay enabled.
  await db.query(
    `UPDATE flows SET created = date_trunc('milliseconds', now() - make_interval(secs => random() * $2::double precision * 86400)),
                      status = CASE WHEN random() < 0.4 THEN 'ENABLED' ELSE 'DISABLED' END,
                      time_saved_per_run = (ARRAY[0, 2, 5, 10, 15])[1 + floor(random() * 5)::int]
     WHERE id = ANY($1::uuid[])`,
    [ids, options.days],
  );
  return { ids, versionIds };
}

/** Seeds `options.runs` runs over `options.workflows` new workflows of the user, and rebuilds the rollups. */
export async function seedRuns(db: Database, userId: string, options: SeedOptions): Promise<SeedResult> {
  const { ids: workflowIds, versionIds } = await seedWorkflows(db, userId, options);
  const started = performance.now();
  let inserted = 0;
  while (inserted < options.runs) {
    const size = Math.min(BATCH, options.runs - inserted);
    await db.transaction(async (tx) => {
      // The rollups are rebuilt once at the end instead of per row.
      await tx.query(`SET LOCAL session_replication_role = replica`);
      await tx.query(INSERT_RUNS_SQL, [userId, size, workflowIds, options.days, versionIds]);
    });
    inserted += size;
    options.log?.(`  ${inserted.toLocaleString('en')} runs`);
  }
  const insertMs = performance.now() - started;
  const rebuildStart = performance.now();
  // All rollups at once, in one transaction, so a server reading meanwhile never sees them half built.
  await db.transaction((tx) => rebuildAnalytics(tx));
  // Fresh statistics, so the planner knows the tables grew by a million rows.
  await db.query('ANALYZE');
  return { workflowIds, runs: inserted, insertMs, rebuildMs: performance.now() - rebuildStart };
}

/** The account to seed: an existing one by email, or a new one whose password is printed once. */
async function seedUser(db: Database, email: string | undefined): Promise<{ id: string; email: string; password?: string }> {
  if (email) {
    const existing = await findUserByEmail(db, email);
    if (existing) return { id: existing.id, email };
  }
  const address = email ?? `busy-${Date.now()}@example.com`;
  const password = randomBytes(9).toString('base64url');
  const user = await insertUser(db, { name: 'Busy User', email: address, passwordHash: await hashPassword(password) });
  if (!user) throw new Error(`Could not create ${address}`);
  return { id: user.id, email: address, password };
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function count(args: string[], name: string, fallback: number): number {
  const text = option(args, name);
  if (text === undefined) return fallback;
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1`);
  return value;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options: SeedOptions = {
    runs: count(args, 'runs', 100_000),
    workflows: count(args, 'workflows', 30),
    days: count(args, 'days', 365),
    log: (line) => console.log(line),
  };
  process.umask(0o077);
  const { port: _port, host: _host, ...config } = loadConfig({ ...process.env, LOG_LEVEL: 'warn' });
  let server: FlowsmithServer | undefined;
  try {
    // The real server's start: secrets, migrations, and the same database it will open later.
    server = await createServer({ ...config, engine: { ...config.engine, workersEnabled: false } });
    const user = await seedUser(server.db, option(args, 'email'));
    console.log(`Seeding ${options.runs.toLocaleString('en')} runs over ${options.workflows} workflows and ${options.days} days for ${user.email}…`);
    const result = await seedRuns(server.db, user.id, options);
    console.log(`Inserted in ${(result.insertMs / 1000).toFixed(1)} s; analytics rebuilt in ${(result.rebuildMs / 1000).toFixed(1)} s.`);
    if (user.password) console.log(`Sign in as ${user.email} with the password ${user.password}`);
  } finally {
    await server?.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
