/**
 * Engine figures for `npm run bench -- --only engine`: runs as a user's callers see them. The server runs
 * in processes of its own (`node --import tsx server/main.ts`, as `npm start` does), and 16 callers in
 * this process drive it over HTTP at once, each signed in as a user of its own with its own workflows:
 * - webhook → 1 data-mapper step: POST /api/webhooks/{secret}, end to end (HTTP in → run SUCCEEDED);
 * - 10 data-mapper steps and 10 code steps: POST /api/workflow/run/{id}, 2,000 runs queued;
 * - single runs on an idle queue, one at a time: request → RUNNING and → finished of the mapper runs, and
 *   the code-step overhead over a mapper step from the whole runs' durations (10 steps each, so the
 *   records' millisecond times resolve 0.1 ms per step) and from the steps' recorded durations (whole ms);
 * - on PostgreSQL (BENCH_DATABASE_URL): the same two throughputs on one server, then one web process
 *   (RUN_WORKERS_ENABLED=false, takes every call) and 1, 2 and 4 worker processes.
 * A run's end is heard on the live socket (`run_finished`, what the editor waits for); its times come
 * from its record afterwards: from the caller's request to RUNNING (start_time) and to finished.
 * Throughput is runs / (first request → last run_finished). Where the time goes comes from
 * bench/engine-probe.mjs, loaded into each server process: the server thread's, the embedded database
 * thread's and the sandbox threads' active time per run, queries per run, and on PostgreSQL the `pg`
 * round trips per run.
 *
 * Another checkout's server, with this same bench: `--server-dir /work/before` (or BENCH_SERVER_DIR).
 * Options: `--runs N` (default 2000), `--callers N` (16), `--no-scaling`, `--postgres-only` (with
 * BENCH_DATABASE_URL: skip the embedded database), `--overhead-runs N` (single runs
 * of each kind for the code-step overhead, default 40, the first 5 not counted), `--overhead-only` (the
 * overhead alone, after the warm-up, on the embedded database); RUN_* and CODE_* settings in
 * the environment are passed to the servers.
 *
 * Why the bench before issue 15 said ~60 runs/s where 16 callers on `npm start` recorded 175–195 (same
 * 10-mapper workflow). On PGlite the database's thread is what a run waits for: this bench's probe finds
 * it busy ~25 ms per run against ~7 ms on the server's thread (a contended machine; 11–12 messages to the
 * database thread per run), i.e. ~95 % busy at the measured throughput. So whatever else asks the
 * database, or takes the server's thread, comes straight off the runs per second. The old bench:
 * 1. found the end by polling: every 5 ms a `count(*) … WHERE id = ANY(200 uuids)` on the server's own
 *    single connection, each costing about as much database time as 7 trivial queries (measured on PGlite:
 *    7.5× `SELECT 1`) — up to ~170 polls a second queued in front of the workers' claims and writes;
 * 2. ran the server in the bench's own process: the callers' fetch client, their JSON and the wait loop shared
 *    the server's thread (HTTP, routes, run workers, the engine's walk) on a 2-core machine;
 * 3. had one user: RUN_CONCURRENCY_PER_USER (4) kept the runs going at once below RUN_CONCURRENCY (5);
 * 4. timed 200 runs queued in 10 awaited batches of 20 POSTs, a second or three in all, so start-up (idle
 *    workers, cold plans, the first sandbox threads for the code workflow it ran first) weighed in.
 * Here the server has its processes to itself, callers are 16 users in this process, the end is heard on
 * the live socket (what the editor does), a warm-up precedes every figure, and 2,000 runs are queued.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { apiCaller, type ApiCaller } from './api-caller.ts';
import { summarise, type Summary } from './stats.ts';

interface ProbeSnapshot {
  mainActiveMs: number;
  databaseActiveMs: number;
  sandboxActiveMs: number;
  otherThreadsActiveMs: number;
  databaseMessages: number;
  pgQueries: number;
  pgQueryMs: number;
  cpuMs: number;
}

/** Where one run's time went, summed over every server process (means per run). */
export interface PerRun {
  /** Server thread(s): HTTP, routes, run workers, the engine's walk. */
  mainMs: number;
  /** The embedded database's thread (PGlite only). */
  databaseThreadMs: number;
  /** Messages to the database thread: queries and transaction steps (PGlite only). */
  databaseMessages: number;
  /** Code sandbox threads (QuickJS). */
  sandboxMs: number;
  /** PostgreSQL only: queries and their round trips as the server's pg client saw them. */
  pgQueries: number;
  pgQueryMs: number;
  /** CPU time of the server process(es), every thread. */
  cpuMs: number;
}

export interface ThroughputFigures {
  name: string;
  database: 'pglite' | 'postgres';
  workerProcesses?: number;
  runs: number;
  callers: number;
  runsPerSecond: number;
  toRunningMs: Summary;
  toFinishedMs: Summary;
  perRun: PerRun;
}

export interface EngineFigures {
  serverDir: string;
  settings: Record<string, string>;
  throughput: ThroughputFigures[];
  /** Absent with `--postgres-only`. */
  codeOverhead?: {
    /** Recorded duration of one trivial code step and of one mapper step, single runs on an idle queue. */
    codeStepMs: Summary;
    mapperStepMs: Summary;
    /** p50 code step − p50 mapper step. */
    overheadPerStepMs: number;
    /** (p50 run of 10 code steps − p50 run of 10 mapper steps) / 10. */
    overheadPerStepWholeRunMs: number;
    /** The mapper runs, one at a time on an idle queue: from the request to RUNNING and to finished. */
    idleToRunningMs: Summary;
    idleToFinishedMs: Summary;
  };
}

const argValue = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

const trigger = (next: string) => ({ name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Manual', valid: true, next, settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} } });
const webhookTrigger = (next: string) => ({ name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Webhook', valid: true, next, settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '0.1.0', triggerName: 'catch_webhook', input: {} } });
const link = (n: number, count: number) => (n < count ? `step_${n + 1}` : null);
/** The value each step reads: the trigger's (a run's payload, or a webhook call's body), then the step before. */
const source = (i: number, first: string) => (i === 0 ? first : `{{step_${i}.n}}`);

function codeChain(count: number, first = '{{trigger.n}}') {
  return Array.from({ length: count }, (_, i) => ({
    name: `step_${i + 1}`,
    displayName: `Code ${i + 1}`,
    type: 'CODE',
    valid: true,
    next: link(i + 1, count),
    settings: { sourceCode: { code: 'export const code = async (inputs) => ({ n: inputs.n + 1 });', packageJson: '{}' }, input: { n: source(i, first) } },
  }));
}

function mapperChain(count: number, first = '{{trigger.n}}') {
  return Array.from({ length: count }, (_, i) => ({
    name: `step_${i + 1}`,
    displayName: `Map ${i + 1}`,
    type: 'PIECE',
    valid: true,
    next: link(i + 1, count),
    settings: { pieceName: '@activepieces/piece-data-mapper', pieceVersion: '0.3.0', actionName: 'advanced_mapping', input: { mapping: { n: source(i, first) } } },
  }));
}

// ---- server processes ----

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

const PROBE = pathToFileURL(resolve(import.meta.dirname, 'engine-probe.mjs')).href;

interface ServerProcess {
  base: string;
  probe(): Promise<ProbeSnapshot>;
  stop(): Promise<void>;
}

/** RUN_* and CODE_* settings from the environment, so a figure can be taken with other settings. */
const benchSettings = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(RUN|CODE)_/.test(name))) as Record<string, string>;

async function startServer(serverDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.NODE_OPTIONS;
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', '--import', PROBE, 'server/main.ts'], {
    cwd: serverDir,
    env: {
      ...base,
      SKIP_BUILD: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      RUN_DAILY_QUOTA: '0',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '10000000',
      RATE_LIMIT_LOGIN_EMAIL_MAX: '100000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000',
      RATE_LIMIT_REGISTER_IP_MAX: '100000',
      ...benchSettings(),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const url = `http://127.0.0.1:${port}/api`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
    if (exited || i > 1200) {
      child.kill('SIGKILL');
      throw new Error(`The server in ${serverDir} did not start:\n${stderr}`);
    }
    await sleep(100);
  }
  const probe = () =>
    new Promise<ProbeSnapshot>((done, fail) => {
      const timer = setTimeout(() => fail(new Error('The server probe did not answer')), 10_000);
      const listen = (message: { probe?: ProbeSnapshot }) => {
        if (!message.probe) return;
        clearTimeout(timer);
        child.off('message', listen);
        done(message.probe);
      };
      child.on('message', listen);
      child.send('probe');
    });
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await gone;
    clearTimeout(timer);
  };
  return { base: url, probe, stop };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---- users, workflows, and hearing runs end ----

interface Caller {
  api: ApiCaller;
  /** Resolves once every run id given has been heard finished. */
  finished: Map<string, number>;
  waitFor(ids: string[]): Promise<void>;
  close(): void;
}

async function signInCaller(base: string, email: string): Promise<Caller> {
  const api = apiCaller(base);
  const token = await api.signIn(email);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws').replace(/\/api$/, '')}/ws`);
  const finished = new Map<string, number>();
  let wake: (() => void) | null = null;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; data?: { runId?: string } };
    if (message.type !== 'run_finished' || !message.data?.runId) return;
    finished.set(message.data.runId, performance.now());
    wake?.();
  });
  await new Promise((done, fail) => socket.once('open', done).once('error', fail));
  const authed = new Promise<void>((done) => socket.on('message', (data) => String(data).includes('auth_success') && done()));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await authed;
  const waitFor = async (ids: string[]) => {
    let quietSince = performance.now();
    let seen = 0;
    for (;;) {
      const missing = ids.filter((id) => !finished.has(id));
      if (missing.length === 0) return;
      if (missing.length !== seen) {
        seen = missing.length;
        quietSince = performance.now();
      }
      // A socket message lost (never seen so far): ask the API, once the socket has been quiet a while.
      if (performance.now() - quietSince > 10_000) {
        for (const id of missing) {
          const run = await api.call('GET', `/workflow/execution/${id}`);
          if (run.status !== 'RUNNING') finished.set(id, performance.now());
        }
        quietSince = performance.now();
        continue;
      }
      await new Promise<void>((done) => {
        wake = done;
        setTimeout(done, 1000);
      });
      wake = null;
    }
  };
  return { api, finished, waitFor, close: () => socket.close() };
}

async function publish(api: ApiCaller, name: string, content: { trigger: unknown; steps: unknown[] }, enable = false): Promise<string> {
  const created = await api.call('POST', '/workflow', { displayName: name });
  const saved = await api.call('POST', '/workflow/version/autosave', { version_id: created.version.id, configuration: { displayName: name, ...content }, display_name: name, updated: created.version.updated });
  await api.call('POST', '/workflow/publish', { workflow_id: created.flow.id, version_id: saved.version.id });
  if (enable) await api.call('PUT', '/workflow/status', { id: created.flow.id, status: 'ENABLED' });
  return created.flow.id as string;
}

/** The runs of `flowId` as recorded: status, start and finish (ms since the epoch). */
async function recordedRuns(api: ApiCaller, flowId: string) {
  const runs = new Map<string, { status: string; start: number; finish: number | null }>();
  for (let page = 1; ; page++) {
    const { data } = (await api.call('GET', `/workflow/executions?workflow_id=${flowId}&limit=100&page=${page}`)) as { data: Array<{ id: string; status: string; startTime: string; finishTime?: string | null }> };
    for (const run of data) runs.set(run.id, { status: run.status, start: Date.parse(run.startTime), finish: run.finishTime ? Date.parse(run.finishTime) : null });
    if (data.length < 100) return runs;
  }
}

// ---- one throughput figure ----

interface Workload {
  name: string;
  /** Starts one run for caller `i` (its n-th); answers the run's id. */
  start(caller: number, n: number): Promise<string>;
  flowOf(caller: number): string;
}

async function throughput(workload: Workload, callers: Caller[], processes: ServerProcess[], runs: number, label: Pick<ThroughputFigures, 'database' | 'workerProcesses'>): Promise<ThroughputFigures> {
  process.stderr.write(`engine bench: ${runs < 100 ? 'warming up, ' : ''}${workload.name}, ${label.database}${label.workerProcesses ? ` with ${label.workerProcesses} worker processes` : ''}, ${runs} runs…\n`);
  const sentAt = new Map<string, number>();
  const idsOf: string[][] = callers.map(() => []);
  const before = await Promise.all(processes.map((p) => p.probe()));
  const startedAt = performance.now();
  const epochOffset = Date.now() - startedAt;
  let next = 0;
  await Promise.all(
    callers.map(async (_, i) => {
      while (next < runs) {
        const n = next++;
        const sent = performance.now();
        const id = await workload.start(i, n);
        sentAt.set(id, sent);
        idsOf[i]!.push(id);
      }
    }),
  );
  await Promise.all(callers.map((caller, i) => caller.waitFor(idsOf[i]!)));
  const endedAt = Math.max(...callers.flatMap((caller, i) => idsOf[i]!.map((id) => caller.finished.get(id)!)));
  const after = await Promise.all(processes.map((p) => p.probe()));

  const toRunning: number[] = [];
  const toFinished: number[] = [];
  for (const [i, caller] of callers.entries()) {
    const recorded = await recordedRuns(caller.api, workload.flowOf(i));
    for (const id of idsOf[i]!) {
      const run = recorded.get(id);
      if (!run || run.status !== 'SUCCEEDED' || run.finish === null) throw new Error(`${workload.name}: run ${id} ended ${run?.status ?? 'unrecorded'}`);
      const sent = sentAt.get(id)! + epochOffset;
      toRunning.push(run.start - sent);
      toFinished.push(run.finish - sent);
    }
  }
  // Never below zero: a thread that ended between the readings leaves its last reading, a hair off.
  const total = (field: keyof ProbeSnapshot) => Math.max(0, after.reduce((sum, snapshot, i) => sum + (snapshot[field] - before[i]![field]), 0) / runs);
  return {
    name: workload.name,
    ...label,
    runs,
    callers: callers.length,
    runsPerSecond: runs / ((endedAt - startedAt) / 1000),
    toRunningMs: summarise(toRunning),
    toFinishedMs: summarise(toFinished),
    perRun: {
      mainMs: total('mainActiveMs'),
      databaseThreadMs: total('databaseActiveMs'),
      databaseMessages: total('databaseMessages'),
      sandboxMs: total('sandboxActiveMs'),
      pgQueries: total('pgQueries'),
      pgQueryMs: total('pgQueryMs'),
      cpuMs: total('cpuMs'),
    },
  };
}

/** Each caller's user, with a published workflow per kind. */
interface Users {
  callers: Caller[];
  webhook: Array<{ flowId: string; url: string }>;
  mapper: string[];
  code: string[];
}

async function setUpUsers(base: string, count: number, withCode: boolean): Promise<Users> {
  const tag = randomBytes(4).toString('hex');
  const users: Users = { callers: [], webhook: [], mapper: [], code: [] };
  for (let i = 0; i < count; i++) {
    const caller = await signInCaller(base, `bench-engine-${tag}-${i}@example.com`);
    users.callers.push(caller);
    const hook = await publish(caller.api, 'Webhook, one mapper step', { trigger: webhookTrigger('step_1'), steps: mapperChain(1, '{{trigger.body.n}}') }, true);
    const { url } = await caller.api.call('GET', `/workflow/${hook}/webhook`);
    users.webhook.push({ flowId: hook, url: `${base}/webhooks/${String(url).split('/').pop()}` });
    users.mapper.push(await publish(caller.api, 'Ten mapper steps', { trigger: trigger('step_1'), steps: mapperChain(10) }));
    if (withCode) users.code.push(await publish(caller.api, 'Ten code steps', { trigger: trigger('step_1'), steps: codeChain(10) }));
  }
  return users;
}

const webhookWorkload = (users: Users): Workload => ({
  name: 'webhook → 1 mapper step',
  flowOf: (i) => users.webhook[i]!.flowId,
  async start(i, n) {
    const reply = await fetch(users.webhook[i]!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) });
    const body = (await reply.json()) as { runId?: string };
    if (reply.status !== 202 || !body.runId) throw new Error(`webhook: ${reply.status} ${JSON.stringify(body)}`);
    return body.runId;
  },
});

const runWorkload = (users: Users, kind: 'mapper' | 'code'): Workload => ({
  name: kind === 'mapper' ? '10 data-mapper steps' : '10 code steps',
  flowOf: (i) => users[kind][i]!,
  async start(i, n) {
    return (await users.callers[i]!.api.call('POST', `/workflow/run/${users[kind][i]}`, { payload: { n } })).id as string;
  },
});

/** A few runs of each workload first: the server's plans, caches and sandbox threads warm. */
async function warmUp(workloads: Workload[], users: Users, processes: ServerProcess[], label: Pick<ThroughputFigures, 'database' | 'workerProcesses'>) {
  for (const workload of workloads) await throughput(workload, users.callers, processes, users.callers.length * 4, label);
}

// ---- code-step overhead: single runs, idle queue ----

async function codeOverhead(users: Users) {
  const caller = users.callers[0]!;
  const single = async (flowId: string) => {
    const sent = Date.now();
    const { id } = await caller.api.call('POST', `/workflow/run/${flowId}`, { payload: { n: 0 } });
    await caller.waitFor([id]);
    const run = await caller.api.call('GET', `/workflow/execution/${id}`);
    const steps = run.steps as Array<{ duration?: number | null }>;
    const start = Date.parse(run.startTime);
    const finish = Date.parse(run.finishTime);
    return { runMs: finish - start, stepMs: steps.map((step) => Number(step.duration ?? 0)), toRunning: start - sent, toFinished: finish - sent };
  };
  const toRunning: number[] = [];
  const toFinished: number[] = [];
  const codeSteps: number[] = [];
  const mapperSteps: number[] = [];
  const codeRuns: number[] = [];
  const mapperRuns: number[] = [];
  const pairs = Number(argValue('--overhead-runs') ?? 40);
  for (let i = 0; i < pairs; i++) {
    const code = await single(users.code[0]!);
    const mapper = await single(users.mapper[0]!);
    if (i < 5) continue; // warm
    codeSteps.push(...code.stepMs.slice(-10));
    mapperSteps.push(...mapper.stepMs.slice(-10));
    codeRuns.push(code.runMs);
    mapperRuns.push(mapper.runMs);
    toRunning.push(mapper.toRunning);
    toFinished.push(mapper.toFinished);
  }
  const codeStepMs = summarise(codeSteps);
  const mapperStepMs = summarise(mapperSteps);
  return {
    codeStepMs,
    mapperStepMs,
    overheadPerStepMs: codeStepMs.p50 - mapperStepMs.p50,
    overheadPerStepWholeRunMs: (summarise(codeRuns).p50 - summarise(mapperRuns).p50) / 10,
    idleToRunningMs: summarise(toRunning),
    idleToFinishedMs: summarise(toFinished),
  };
}

// ---- PostgreSQL ----

function postgresSecrets() {
  return { JWT_SECRET: randomBytes(32).toString('hex'), VALUES_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
}

/** A fresh database `bench_engine_<name>` on BENCH_DATABASE_URL's server; answers its URL. */
async function freshDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS bench_engine_${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE bench_engine_${name}`);
  } finally {
    await admin.end();
  }
  const fresh = new URL(url);
  fresh.pathname = `/bench_engine_${name}`;
  return fresh.toString();
}

async function dropDatabase(url: string, name: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS bench_engine_${name} WITH (FORCE)`).finally(() => admin.end());
}

// ---- all of it ----

/** The embedded database: one server process, as `npm start`. */
async function measureEmbedded(serverDir: string, callerCount: number, runs: number, overheadOnly: boolean, figures: EngineFigures): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-engine-'));
  const server = await startServer(serverDir, { DATA_DIR: dataDir });
  try {
    const users = await setUpUsers(server.base, callerCount, true);
    const workloads = [webhookWorkload(users), runWorkload(users, 'mapper'), runWorkload(users, 'code')];
    await warmUp(workloads, users, [server], { database: 'pglite' });
    if (!overheadOnly) for (const workload of workloads) figures.throughput.push(await throughput(workload, users.callers, [server], runs, { database: 'pglite' }));
    figures.codeOverhead = await codeOverhead(users);
    for (const caller of users.callers) caller.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureEngineFigures(): Promise<EngineFigures> {
  const serverDir = resolve(argValue('--server-dir') ?? process.env.BENCH_SERVER_DIR ?? resolve(import.meta.dirname, '..'));
  const runs = Number(argValue('--runs') ?? 2000);
  const callerCount = Number(argValue('--callers') ?? 16);
  const overheadOnly = process.argv.includes('--overhead-only');
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const figures: EngineFigures = { serverDir, settings: benchSettings(), throughput: [] };

  if (!(postgresUrl && process.argv.includes('--postgres-only'))) await measureEmbedded(serverDir, callerCount, runs, overheadOnly, figures);
  if (!postgresUrl || overheadOnly) return figures;
  // PostgreSQL, one server process.
  {
    const url = await freshDatabase(postgresUrl, 'single');
    const dir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-engine-'));
    const one = await startServer(serverDir, { DATA_DIR: dir, DATABASE_URL: url, ...postgresSecrets() });
    try {
      const users = await setUpUsers(one.base, callerCount, false);
      const workloads = [webhookWorkload(users), runWorkload(users, 'mapper')];
      await warmUp(workloads, users, [one], { database: 'postgres' });
      for (const workload of workloads) figures.throughput.push(await throughput(workload, users.callers, [one], runs, { database: 'postgres' }));
      for (const caller of users.callers) caller.close();
    } finally {
      await one.stop();
      rmSync(dir, { recursive: true, force: true });
      await dropDatabase(postgresUrl, 'single');
    }
  }
  if (process.argv.includes('--no-scaling')) return figures;
  // PostgreSQL, one web process (no workers) and N worker processes. Today's server has no worker-only
  // mode: a worker process is a whole server (its HTTP port unused) with its workers on.
  for (const workers of [1, 2, 4]) {
    const url = await freshDatabase(postgresUrl, `scale_${workers}`);
    const secrets = postgresSecrets();
    const dirs: string[] = [];
    const processes: ServerProcess[] = [];
    const env = () => {
      const dir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-engine-'));
      dirs.push(dir);
      return { DATA_DIR: dir, DATABASE_URL: url, ...secrets };
    };
    try {
      const web = await startServer(serverDir, { ...env(), RUN_WORKERS_ENABLED: 'false' });
      processes.push(web);
      processes.push(...(await Promise.all(Array.from({ length: workers }, () => startServer(serverDir, env())))));
      const users = await setUpUsers(web.base, callerCount, false);
      const workload = runWorkload(users, 'mapper');
      await warmUp([workload], users, processes, { database: 'postgres', workerProcesses: workers });
      figures.throughput.push(await throughput(workload, users.callers, processes, runs, { database: 'postgres', workerProcesses: workers }));
      for (const caller of users.callers) caller.close();
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await dropDatabase(postgresUrl, `scale_${workers}`);
    }
  }
  return figures;
}

export function printEngineFigures(f: EngineFigures): void {
  const ms = (s: Summary) => `${s.p50.toFixed(0)} / ${s.p95.toFixed(0)}`;
  const settings = Object.entries(f.settings).map(([k, v]) => `${k}=${v}`).join(' ') || 'default settings';
  console.log(`Engine (server in ${f.serverDir}; ${settings}; callers over HTTP, one user each)`);
  console.log('  workload                          db        proc  runs/s   →RUNNING p50/p95 ms  →finished p50/p95 ms   per run: main  db-thread  queries  sandbox  pg-rtt (n)   cpu');
  for (const t of f.throughput) {
    const p = t.perRun;
    const procs = t.workerProcesses === undefined ? '1' : `1+${t.workerProcesses}`;
    console.log(
      `  ${t.name.padEnd(32)}  ${t.database.padEnd(8)}  ${procs.padEnd(4)}  ${t.runsPerSecond.toFixed(1).padStart(6)}   ${ms(t.toRunningMs).padStart(19)}  ${ms(t.toFinishedMs).padStart(20)}  ` +
        `${p.mainMs.toFixed(2).padStart(13)}  ${p.databaseThreadMs.toFixed(2).padStart(9)}  ${p.databaseMessages.toFixed(1).padStart(7)}  ${p.sandboxMs.toFixed(2).padStart(7)}  ${`${p.pgQueryMs.toFixed(2)} (${p.pgQueries.toFixed(1)})`.padStart(11)}  ${p.cpuMs.toFixed(2).padStart(5)}`,
    );
  }
  const o = f.codeOverhead;
  if (!o) return;
  const line = (s: Summary) => `p50 ${s.p50.toFixed(2)} ms · p95 ${s.p95.toFixed(2)} ms · n=${s.n}`;
  console.log(`  one trivial code step (recorded, idle)   ${line(o.codeStepMs)}`);
  console.log(`  one mapper step (recorded, idle)         ${line(o.mapperStepMs)}`);
  console.log(`  code-step overhead over a mapper step    ${o.overheadPerStepWholeRunMs.toFixed(2)} ms (whole runs / 10) · ${o.overheadPerStepMs.toFixed(2)} ms (step records, whole ms)`);
  console.log(`  idle queue, 10 mapper steps: →RUNNING    ${line(o.idleToRunningMs)}`);
  console.log(`  idle queue, 10 mapper steps: →finished   ${line(o.idleToFinishedMs)}`);
}
