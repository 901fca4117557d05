/**
 * Hardening figures for `npm run bench -- --only hardening`: the server runs in a child process (as in
 * production), and a third process probes /api/health, measuring what a user of the server would feel
 * while others abuse it:
 * - /api/health latency idle, while three large imports and three large autosaves run in parallel, and
 *   while a batch of runs hits every run cap (step data, run data, object memory bombs, deep outputs);
 * - fairness: one user queues ten code steps that spin until their time limit, then another user's
 *   trivial run: the time from POST /run to RUNNING and to its end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fromNestedFlow, toNestedFlowJson, toStoredContent } from '../src/domain/index.ts';
import { mixedFlow } from './flow-generator.ts';
import { summarise, type Summary } from './stats.ts';

export interface HardeningFigures {
  importMb: number;
  largeSteps: number;
  healthIdleMs: Summary;
  healthDuringLargeBodiesMs: Summary;
  healthDuringCapsMs: Summary;
  capOutcomes: Record<string, number>;
  fairness: { toRunningMs: number; toFinishedMs: number; flooderRunsStillWaiting: number };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(dataDir: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_DAILY_QUOTA: '0', RATE_LIMIT_LOGIN_EMAIL_MAX: '1000' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}/api`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) return { child, base };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('The server did not start');
}

/**
 * Probes /api/health every 10 ms from a process of its own until `during` settles, and answers each
 * probe's round trip: the bench's own work (reading multi-megabyte replies) must not delay the probes.
 */
const PROBER = `
  const base = process.argv[1];
  const samples = [];
  let stop = false;
  process.stdin.on('data', () => (stop = true));
  (async () => {
    await (await fetch(base + '/health')).arrayBuffer(); // the prober's own connection set-up, not counted
    while (!stop) {
      const start = performance.now();
      await (await fetch(base + '/health')).arrayBuffer();
      samples.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    process.stdout.write(JSON.stringify(samples));
    process.exit(0);
  })();
`;

async function healthWhile(base: string, during: Promise<unknown>): Promise<number[]> {
  const prober = spawn(process.execPath, ['-e', PROBER, base], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  prober.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => prober.once('exit', resolve));
  await during.catch(() => undefined);
  prober.stdin.write('stop\n');
  await exited;
  await during;
  return JSON.parse(output) as number[];
}

function client(base: string) {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const reply = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await reply.text();
    return { status: reply.status, json: () => JSON.parse(text) as Record<string, any> };
  };
  return {
    call,
    async user(name: string): Promise<string> {
      const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
      await call('POST', '/auth/register', { name, email, password: 'bench-password-1' });
      return (await call('POST', '/auth/login', { email, password: 'bench-password-1' })).json().access_token as string;
    },
    async published(token: string, steps: unknown[]): Promise<string> {
      const created = (await call('POST', '/workflow', { displayName: 'Bench' }, token)).json();
      const trigger = { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Manual', valid: true, next: 'step_1', settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} } };
      await call('POST', '/workflow/version/autosave', { version_id: created.version.id, display_name: 'Bench', configuration: { displayName: 'Bench', trigger, steps } }, token);
      await call('POST', '/workflow/publish', { workflow_id: created.flow.id, version_id: created.version.id }, token);
      return created.flow.id as string;
    },
  };
}

const codeStep = (n: number, body: string, next: number | null = null) => ({
  name: `step_${n}`,
  displayName: `Code ${n}`,
  type: 'CODE',
  valid: true,
  next: next === null ? null : `step_${next}`,
  settings: { sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' }, input: {} },
});

/** Waits until none of the flows' runs is RUNNING, reading the list (summaries, not the runs' records). */
async function waitForRuns(api: ReturnType<typeof client>, token: string, flowIds: string[]): Promise<Record<string, number>> {
  for (;;) {
    const outcomes: Record<string, number> = {};
    for (const flowId of flowIds) {
      const page = (await api.call('GET', `/workflow/executions?workflow_id=${flowId}&limit=100`, undefined, token)).json();
      for (const run of page.data as Array<{ status: string }>) outcomes[run.status] = (outcomes[run.status] ?? 0) + 1;
    }
    if (!outcomes.RUNNING) return outcomes;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function measureHardeningFigures(): Promise<HardeningFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-hardening-'));
  const { child, base } = await startServer(dataDir);
  try {
    const api = client(base);
    const token = await api.user('Bench');
    const healthIdleMs = await healthWhile(base, new Promise((resolve) => setTimeout(resolve, 2000)));

    // Three imports and three autosaves of a 10,000-step flow at once (BENCH_LARGE_STEPS for another size).
    const largeSteps = Number(process.env.BENCH_LARGE_STEPS ?? 10_000);
    const flat = fromNestedFlow(mixedFlow(largeSteps).nested);
    const importText = toNestedFlowJson(flat);
    const targets = await Promise.all([1, 2, 3].map(async () => (await api.call('POST', '/workflow', { displayName: 'Big' }, token)).json()));
    const configuration = JSON.stringify(toStoredContent(flat));
    const large = Promise.all([
      ...[1, 2, 3].map(() => api.call('POST', '/workflow/import', importText, token)),
      ...targets.map((target) => api.call('POST', '/workflow/version/autosave', `{"version_id":"${target.version.id}","display_name":"Big","configuration":${configuration}}`, token)),
    ]);
    const healthDuringLargeBodiesMs = await healthWhile(base, large);

    // Runs that hit every cap, queued at once.
    const capFlows = await Promise.all([
      api.published(token, [codeStep(1, "return 'x'.repeat(3 * 1024 * 1024);")]),
      api.published(token, [1, 2, 3, 4, 5].map((n) => codeStep(n, "return 'y'.repeat(1900 * 1024);", n < 5 ? n + 1 : null))),
      api.published(token, [codeStep(1, 'const all = new Map(); let i = 0; for (;;) all.set(i++, [i, { i }]);')]),
      api.published(token, [codeStep(1, 'let v = 1; for (let i = 0; i < 10000; i++) v = [v]; return v;')]),
    ]);
    for (let i = 0; i < 5; i++) {
      for (const flowId of capFlows) await api.call('POST', `/workflow/run/${flowId}`, {}, token);
    }
    let capOutcomes: Record<string, number> = {};
    const healthDuringCapsMs = await healthWhile(base, waitForRuns(api, token, capFlows).then((outcomes) => (capOutcomes = outcomes)));

    // Fairness: ten spinning runs of one user, then another user's trivial run.
    const other = await api.user('Other');
    const spin = await api.published(token, [codeStep(1, 'for (;;) {}')]);
    const quick = await api.published(other, [codeStep(1, 'return 1;')]);
    for (let i = 0; i < 10; i++) await api.call('POST', `/workflow/run/${spin}`, {}, token);
    const posted = performance.now();
    const runId = (await api.call('POST', `/workflow/run/${quick}`, {}, other)).json().id as string;
    let toRunningMs = 0;
    for (;;) {
      const run = (await api.call('GET', `/workflow/execution/${runId}`, undefined, other)).json();
      if (!run.queued && !toRunningMs) toRunningMs = performance.now() - posted;
      if (run.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const toFinishedMs = performance.now() - posted;
    const waiting = (await api.call('GET', `/workflow/executions?workflow_id=${spin}&limit=100`, undefined, token)).json();
    const flooderRunsStillWaiting = (waiting.data as Array<{ status: string }>).filter((run) => run.status === 'RUNNING').length;

    return {
      importMb: Math.round((importText.length / 1024 / 1024) * 10) / 10,
      largeSteps,
      healthIdleMs: summarise(healthIdleMs),
      healthDuringLargeBodiesMs: summarise(healthDuringLargeBodiesMs),
      healthDuringCapsMs: summarise(healthDuringCapsMs),
      capOutcomes,
      fairness: { toRunningMs, toFinishedMs, flooderRunsStillWaiting },
    };
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printHardeningFigures(f: HardeningFigures): void {
  const row = (label: string, s: Summary) => console.log(`  ${label.padEnd(58)} p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  (${s.n} probes)`);
  console.log('\nHardening (server in a child process, /api/health probed every 10 ms)');
  row('health, idle', f.healthIdleMs);
  row(`health, 3 imports + 3 autosaves of ${f.largeSteps.toLocaleString('en-US')} steps (${f.importMb} MB)`, f.healthDuringLargeBodiesMs);
  row('health, 20 runs hitting the run caps', f.healthDuringCapsMs);
  console.log(`  cap runs ended: ${Object.entries(f.capOutcomes).map(([status, n]) => `${status} ${n}`).join(', ')}`);
  console.log(
    `  fairness: another user's trivial run while 10 spinning runs wait: POST → RUNNING ${f.fairness.toRunningMs.toFixed(0)} ms, → finished ${f.fairness.toFinishedMs.toFixed(0)} ms (${f.fairness.flooderRunsStillWaiting} of the flood's runs still RUNNING or queued)`,
  );
}
