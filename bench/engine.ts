/**
 * Engine figures for `npm run bench`: a real server on a fresh embedded database, runs started through
 * POST /api/workflow/run and executed by the server's own worker pool (RUN_CONCURRENCY, default 5; RUN_CONCURRENCY_PER_USER, default 4).
 * - throughput: 200 runs of a 10-step workflow queued at once, until the last is recorded; once with
 *   10 code steps (each in a fresh QuickJS runtime) and once with 10 data-mapper steps (no sandbox);
 * - code-step overhead: the recorded duration of a trivial code step, and the difference per step
 *   between the two workflows' single-run durations;
 * - POST /run → RUNNING: from sending the request to the run's claim by a worker (its start_time),
 *   one run at a time on an idle queue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { apiCaller } from './api-caller.ts';
import { summarise, type Summary } from './stats.ts';

export interface EngineFigures {
  concurrency: number;
  sandboxThreads: number;
  concurrencyPerUser: number;
  codeRunsPerSecond: number;
  mapperRunsPerSecond: number;
  codeStepMs: Summary;
  codeOverheadPerStepMs: number;
  postToRunningMs: Summary;
}


const trigger = { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Manual', valid: true, next: 'step_1', settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {} } };
const link = (n: number, count: number) => (n < count ? `step_${n + 1}` : null);

function codeChain(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `step_${i + 1}`,
    displayName: `Code ${i + 1}`,
    type: 'CODE',
    valid: true,
    next: link(i + 1, count),
    settings: { sourceCode: { code: 'export const code = async (inputs) => ({ n: inputs.n + 1 });', packageJson: '{}' }, input: { n: i === 0 ? '{{trigger.n}}' : `{{step_${i}.n}}` } },
  }));
}

function mapperChain(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `step_${i + 1}`,
    displayName: `Map ${i + 1}`,
    type: 'PIECE',
    valid: true,
    next: link(i + 1, count),
    settings: { pieceName: '@activepieces/piece-data-mapper', pieceVersion: '0.3.0', actionName: 'advanced_mapping', input: { mapping: { n: i === 0 ? '{{trigger.n}}' : `{{step_${i}.n}}` } } },
  }));
}

/** RUN_* and CODE_* settings from the environment, so a figure can be taken with other settings. */
const benchEnv = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(RUN|CODE)_/.test(name)));

export async function measureEngineFigures(): Promise<EngineFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-engine-'));
  const { port: _port, host: _host, ...options } = loadConfig({ ...benchEnv(), DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_DAILY_QUOTA: '0', RATE_LIMIT_LOGIN_EMAIL_MAX: '1000' });
  const server = await createServer(options);
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const { call, signIn } = apiCaller(base);
    await signIn('bench-engine@example.com');

    const publish = async (name: string, steps: unknown[]) => {
      const created = await call('POST', '/workflow', { displayName: name });
      const saved = await call('POST', '/workflow/version/autosave', { version_id: created.version.id, configuration: { displayName: name, trigger, steps }, display_name: name, updated: created.version.updated });
      await call('POST', '/workflow/publish', { workflow_id: created.flow.id, version_id: saved.version.id });
      return created.flow.id as string;
    };
    const finished = async (ids: string[]) => {
      for (;;) {
        const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE id = ANY($1::uuid[]) AND status <> 'RUNNING'`, [ids]);
        if (rows[0]!.n === ids.length) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const throughput = async (flowId: string, count: number) => {
      const start = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < count; i += 20) {
        const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, j) => call('POST', `/workflow/run/${flowId}`, { payload: { n: i + j } })));
        ids.push(...batch.map((run) => run.id as string));
      }
      await finished(ids);
      const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE id = ANY($1::uuid[]) AND status = 'SUCCEEDED'`, [ids]);
      if (rows[0]!.n !== count) throw new Error(`only ${rows[0]!.n} of ${count} runs succeeded`);
      return { perSecond: count / ((performance.now() - start) / 1000), ids };
    };

    const codeFlow = await publish('Ten code steps', codeChain(10));
    const mapperFlow = await publish('Ten mapper steps', mapperChain(10));
    await throughput(codeFlow, 8); // warm the sandbox threads and the queries
    await throughput(mapperFlow, 8);
    const code = await throughput(codeFlow, 200);
    const mapper = await throughput(mapperFlow, 200);

    const { rows: durations } = await server.db.query<{ duration: number }>(
      `SELECT (s ->> 'duration')::float8 AS duration FROM flow_runs r, jsonb_array_elements(r.steps) s
       WHERE r.id = ANY($1::uuid[]) AND s ->> 'type' = 'CODE'`,
      [code.ids],
    );

    // One run at a time: the whole-run difference per step, and POST → claimed.
    const single = async (flowId: string) => {
      const sent = Date.now();
      const run = await call('POST', `/workflow/run/${flowId}`, { payload: { n: 0 } });
      await finished([run.id]);
      const { rows } = await server.db.query<{ start: Date; finish: Date }>(`SELECT start_time AS start, finish_time AS finish FROM flow_runs WHERE id = $1`, [run.id]);
      return { toRunning: rows[0]!.start.getTime() - sent, runMs: rows[0]!.finish.getTime() - rows[0]!.start.getTime() };
    };
    const toRunning: number[] = [];
    const codeRuns: number[] = [];
    const mapperRuns: number[] = [];
    for (let i = 0; i < 40; i++) {
      const a = await single(codeFlow);
      const b = await single(mapperFlow);
      toRunning.push(a.toRunning, b.toRunning);
      codeRuns.push(a.runMs);
      mapperRuns.push(b.runMs);
    }
    return {
      concurrency: options.engine.concurrency,
      sandboxThreads: options.engine.codeThreads,
      concurrencyPerUser: options.engine.concurrencyPerUser,
      codeRunsPerSecond: code.perSecond,
      mapperRunsPerSecond: mapper.perSecond,
      codeStepMs: summarise(durations.map((row) => row.duration)),
      codeOverheadPerStepMs: (summarise(codeRuns).p50 - summarise(mapperRuns).p50) / 10,
      postToRunningMs: summarise(toRunning),
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printEngineFigures(f: EngineFigures): void {
  const line = (s: Summary) => `p50 ${s.p50.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms · n=${s.n}`;
  console.log(`Engine (RUN_CONCURRENCY ${f.concurrency}, ${f.sandboxThreads} sandbox threads, ${f.concurrencyPerUser} runs per user)`);
  console.log(`  10 code steps, 200 queued runs           ${f.codeRunsPerSecond.toFixed(1)} runs/s`);
  console.log(`  10 data-mapper steps, 200 queued runs    ${f.mapperRunsPerSecond.toFixed(1)} runs/s`);
  console.log(`  one trivial code step (recorded)         ${line(f.codeStepMs)}`);
  console.log(`  code step overhead vs a mapper step      ${f.codeOverheadPerStepMs.toFixed(1)} ms per step (single runs, medians)`);
  console.log(`  POST /run → RUNNING (idle queue)         ${line(f.postToRunningMs)}`);
}
