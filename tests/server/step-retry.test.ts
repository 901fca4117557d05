/**
 * 'Retry on failure' through the real server and engine: an HTTP step against a local server that fails
 * twice then answers ends SUCCEEDED with its three attempts recorded (errors and durations) in the run the
 * API returns; a step that keeps failing fails after its attempts; a code step that times out is not
 * retried; stopping the run ends the wait between attempts; settings out of bounds are refused.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { StoredStep } from '../../src/domain/index.ts';
import { loadConfig } from '../../server/config.ts';
import { executeFlow } from '../../server/engine/execute-flow.ts';
import { DEFAULT_RUN_LIMITS } from '../../server/engine/run-budget.ts';
import { fromStoredVersion } from '../../src/domain/index.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, createFlow } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece } from './run-flows.ts';

let t: TestServer;
let token: string;
let site: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://local').pathname;
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    // /flaky-<k>: fails the first two calls, then answers; /down: always fails.
    if (path === '/down' || n <= 2) {
      response.writeHead(503, { 'content-type': 'text/plain' });
      return response.end(`unavailable (call ${n})`);
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ call: n }));
  });
  site.listen(0, '127.0.0.1');
  await once(site, 'listening');
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await startTestServer({ engine: { ...loadConfig({}).engine, httpAllowPrivateNetworks: true, codeTimeoutMs: 300 } });
  ({ token } = await signedInUser(t.app));
});

afterAll(async () => {
  await t?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

const retry = (step: StoredStep, retryOnFailure: Record<string, unknown>): StoredStep =>
  ({ ...step, settings: { ...step.settings, errorHandlingOptions: { retryOnFailure } } }) as StoredStep;

const http = (n: number, path: string, next: number | null = null) => piece(n, '@activepieces/piece-http', 'send_request', { method: 'GET', url: `${base}${path}` }, next);

interface Attempt {
  status: string;
  error?: string;
  duration: number;
}
type RunWithAttempts = Awaited<ReturnType<typeof finishedRun>> & { steps: Array<{ attempts?: Attempt[] }> };

async function run(steps: StoredStep[]): Promise<RunWithAttempts> {
  const { flow, version } = await createFlow(t, token, 'Retry flow');
  const saved = await autosave(t, token, version, flowOf('Retry flow', manualTrigger(), steps));
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const started = await post(t.app, `/api/workflow/run/${flow.id}`, { version_id: version.id }, { token });
  if (started.statusCode !== 202) throw new Error(started.body);
  return (await finishedRun(t, token, started.json<{ id: string }>().id)) as RunWithAttempts;
}

describe('retry on failure', () => {
  it('retries a step that fails twice and records each attempt', async () => {
    const finished = await run([retry(http(1, '/flaky-a', 2), { value: true, attempts: 3, backoff: 'FIXED', delaySeconds: 0.05 }), code(2, 'return 7;')]);
    expect(finished.status).toBe('SUCCEEDED');
    const step = finished.steps[1]!;
    expect(step.status).toBe('SUCCEEDED');
    expect((step.output as { body: unknown }).body).toEqual({ call: 3 });
    expect(step.attempts!.map((a) => a.status)).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
    expect(step.attempts![0]!.error).toContain('503');
    expect(step.attempts![2]!.error).toBeUndefined();
    for (const attempt of step.attempts!) expect(attempt.duration).toBeGreaterThanOrEqual(0);
    expect(hits.get('/flaky-a')).toBe(3);
    expect(finished.steps[2]!.output).toBe(7);
  });

  it('fails the step after its last attempt, with every attempt recorded', async () => {
    hits.delete('/down');
    const finished = await run([retry(http(1, '/down'), { value: true, attempts: 2, backoff: 'EXPONENTIAL', delaySeconds: 0.02, maxDelaySeconds: 0.05 })]);
    expect(finished.status).toBe('FAILED');
    expect(finished.steps[1]!.status).toBe('FAILED');
    expect(finished.steps[1]!.attempts!.map((a) => a.status)).toEqual(['FAILED', 'FAILED']);
    expect(hits.get('/down')).toBe(2);
  });

  it('runs a step once when retrying is off, and records no attempts', async () => {
    const finished = await run([retry(http(1, '/flaky-b'), { value: false, attempts: 3 })]);
    expect(finished.status).toBe('FAILED');
    expect(finished.steps[1]!.attempts).toBeUndefined();
    expect(hits.get('/flaky-b')).toBe(1);
  });

  it('does not retry a code step that timed out', async () => {
    const finished = await run([retry(code(1, 'for (;;) {}'), { value: true, attempts: 3, delaySeconds: 0 })]);
    expect(finished.status).toBe('TIMEOUT');
    expect(finished.steps[1]!.attempts!.map((a) => a.status)).toEqual(['FAILED']);
  });

  it('retries a code step that throws', async () => {
    const finished = await run([retry(code(1, "throw new Error('nope');"), { value: true, attempts: 2, delaySeconds: 0 })]);
    expect(finished.status).toBe('FAILED');
    expect(finished.steps[1]!.attempts!.map((a) => a.error)).toEqual(['nope', 'nope']);
  });

  it('refuses retry settings out of bounds with a 400 naming the field, and keeps the draft', async () => {
    const { version } = await createFlow(t, token, 'Bad retry');
    for (const bad of [{ value: true, attempts: 6 }, { value: true, attempts: 0 }, { value: true, delaySeconds: 301 }, { value: true, backoff: 'LINEAR' }, { value: true, delaySeconds: 10, maxDelaySeconds: 5 }]) {
      const saved = await autosave(t, token, version, flowOf('Bad retry', manualTrigger(), [retry(code(1, 'return 1;'), bad)]));
      expect(saved.statusCode).toBe(400);
      expect(saved.json<{ code: string }>().code).toBe('VALIDATION');
      expect(saved.body).toContain('retryOnFailure');
    }
    const read = await get(t.app, `/api/workflow/${version.flowId}`, { token });
    expect(JSON.stringify(read.json())).not.toContain('retryOnFailure');
  });
});

describe('the wait between attempts', () => {
  it('ends at once when the run is stopped, and the run ends STOPPED', async () => {
    const controller = new AbortController();
    const version = fromStoredVersion({
      id: 'v',
      flowId: 'f',
      displayName: 'Stop',
      state: 'DRAFT',
      valid: true,
      schemaVersion: null,
      trigger: manualTrigger(),
      steps: [retry(code(1, 'return 1;'), { value: true, attempts: 5, backoff: 'FIXED', delaySeconds: 300 })],
    });
    let calls = 0;
    const result = executeFlow(version, {}, {
      userId: 'u',
      signal: controller.signal,
      pieceAction: () => undefined,
      runCode: async () => {
        calls++;
        setTimeout(() => controller.abort(), 20);
        return { ok: false, reason: 'ERROR', message: 'flaky', logs: [] } as never;
      },
    });
    const finished = await result;
    expect(finished.status).toBe('STOPPED');
    expect(calls).toBe(1);
    expect(finished.steps[1]!.attempts!.length).toBe(1);
  });

  it('counts each attempt against the run’s data cap', async () => {
    const version = fromStoredVersion({
      id: 'v',
      flowId: 'f',
      displayName: 'Cap',
      state: 'DRAFT',
      valid: true,
      schemaVersion: null,
      trigger: manualTrigger(),
      steps: [retry(code(1, 'return 1;'), { value: true, attempts: 5, backoff: 'FIXED', delaySeconds: 0 })],
    });
    let calls = 0;
    const finished = await executeFlow(version, {}, {
      userId: 'u',
      limits: { ...DEFAULT_RUN_LIMITS, maxRunData: 4000 },
      pieceAction: () => undefined,
      runCode: async () => {
        calls++;
        return { ok: false, reason: 'ERROR', message: 'x'.repeat(1500), logs: [] } as never;
      },
    });
    expect(finished.status).toBe('FAILED');
    expect(calls).toBeLessThan(5);
    expect(finished.steps[1]!.error).toContain('RUN_MAX_RUN_DATA_MB');
  });
});
