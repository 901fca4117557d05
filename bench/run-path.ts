/**
 * The run path's figure (issue 12): from sending POST /api/workflow/run/{id} to a client learning that
 * the run ended, one run at a time on an idle queue, for a workflow of one trivial code step.
 * - socket: a signed-in /ws client, until it hears the run's `run_finished`;
 * - polling 1 s / 2 s: a client reading GET /workflow/execution/{id} every 1 s (the editor before
 *   issue 12) or 2 s (/executions), starting when POST answers, until the run is no longer RUNNING.
 *
 * `npm run bench -- --only run-path`, or on another checkout (e.g. main, which has no bench entry):
 *   FLOWSMITH_ROOT=/work/main node --import tsx bench/run-path.ts
 * RUN_PATH_RUNS sets the runs per mode (default 20).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { apiCaller } from './api-caller.ts';
import { summarise, type Summary } from './stats.ts';

export interface RunPathFigures {
  socketMs: Summary;
  poll1sMs: Summary;
  poll2sMs: Summary;
}

const trigger = { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Manual', valid: true, next: 'step_1', settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} } };
const step = {
  name: 'step_1',
  displayName: 'Code',
  type: 'CODE',
  valid: true,
  next: null,
  settings: { sourceCode: { code: 'export const code = async (inputs) => ({ n: inputs.n + 1 });', packageJson: '{}' }, input: { n: '{{trigger.n}}' } },
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export async function measureRunPath(root = resolve(import.meta.dirname, '..')): Promise<RunPathFigures> {
  const { createServer } = (await import(pathToFileURL(join(root, 'server/app.ts')).href)) as typeof import('../server/app.ts');
  const { loadConfig } = (await import(pathToFileURL(join(root, 'server/config.ts')).href)) as typeof import('../server/config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-run-path-'));
  const { port: _port, host: _host, ...options } = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_DAILY_QUOTA: '0', RATE_LIMIT_LOGIN_EMAIL_MAX: '1000' });
  const server = await createServer(options);
  const runs = Number(process.env.RUN_PATH_RUNS ?? 20);
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}/api`;
    const { call, signIn } = apiCaller(base);
    const token = await signIn('bench-run-path@example.com');
    const created = await call('POST', '/workflow', { displayName: 'Run path' });
    const saved = await call('POST', '/workflow/version/autosave', {
      version_id: created.version.id,
      configuration: { displayName: 'Run path', trigger, steps: [step] },
      display_name: 'Run path',
      updated: created.version.updated,
    });
    await call('POST', '/workflow/publish', { workflow_id: created.flow.id, version_id: saved.version.id });
    const flowId = created.flow.id as string;

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const finishedAt = new Map<string, number>();
    const waiting = new Map<string, () => void>();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; data?: { runId?: string } };
      if (message.type !== 'run_finished' || !message.data?.runId) return;
      finishedAt.set(message.data.runId, performance.now());
      waiting.get(message.data.runId)?.();
    });
    await new Promise((done) => socket.once('open', done));
    const authed = new Promise<void>((done) => socket.on('message', (data) => String(data).includes('auth_success') && done()));
    socket.send(JSON.stringify({ type: 'auth', token }));
    await authed;

    const bySocket = async () => {
      const sent = performance.now();
      const run = await call('POST', `/workflow/run/${flowId}`, { payload: { n: 0 } });
      if (!finishedAt.has(run.id)) await new Promise<void>((done) => waiting.set(run.id, done));
      return finishedAt.get(run.id)! - sent;
    };
    const byPolling = (everyMs: number) => async () => {
      const sent = performance.now();
      const run = await call('POST', `/workflow/run/${flowId}`, { payload: { n: 0 } });
      for (;;) {
        await sleep(everyMs);
        if ((await call('GET', `/workflow/execution/${run.id}`)).status !== 'RUNNING') return performance.now() - sent;
      }
    };
    const measure = async (once: () => Promise<number>) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        times.push(await once());
        await sleep(50); // the previous run's announcement has gone out; the queue is idle again
      }
      return summarise(times);
    };
    await measure(bySocket); // warm the sandbox thread and the queries
    const figures = { socketMs: await measure(bySocket), poll1sMs: await measure(byPolling(1000)), poll2sMs: await measure(byPolling(2000)) };
    socket.close();
    return figures;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRunPathFigures(f: RunPathFigures): void {
  const line = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms · n=${s.n}`;
  console.log('Run path (POST /run → the client knows the run ended; one code step, idle queue)');
  console.log(`  live socket (run_finished)               ${line(f.socketMs)}`);
  console.log(`  polling every 1 s (editor before)        ${line(f.poll1sMs)}`);
  console.log(`  polling every 2 s (/executions before)   ${line(f.poll2sMs)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printRunPathFigures(await measureRunPath(process.env.FLOWSMITH_ROOT ? resolve(process.env.FLOWSMITH_ROOT) : undefined));
}
