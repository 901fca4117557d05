/**
 * Hostile depth and size at every door of a run, and the caps that keep one run from exhausting the
 * server: a webhook body or run payload nested thousands of levels deep is refused with a 400 naming
 * the limit (it used to end the process when posted to the sandbox thread); data made inside a run past
 * a limit ends the run FAILED with a message naming the cap; a run queued deep before the checks existed
 * fails cleanly after a restart; a failing run's data never reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { MAX_JSON_DEPTH } from '../../src/domain/index.ts';
import { get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, webhookTrigger } from './run-flows.ts';

const MAPPER = '@activepieces/piece-data-mapper';
const logLines: string[] = [];
let t: TestServer;
let user: { id: string; token: string };

beforeAll(async () => {
  const engine = loadConfig({}).engine;
  t = await startTestServer({
    logLevel: 'info',
    logStream: { write: (line: string) => void logLines.push(line) },
    engine: {
      ...engine,
      // Long enough that the memory bomb reaches the 16 MB cap first even on a loaded machine (CI saw TIMEOUT at 3 s).
      codeTimeoutMs: 20_000,
      codeMemoryBytes: 16 * 1024 * 1024,
      runLimits: { maxStepData: 64 * 1024, maxRunData: 256 * 1024, maxLogLines: 50, maxLoopIterations: 20 },
    },
  });
  user = await signedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** JSON text nested `depth` levels: `[[[…1…]]]`. */
const deepText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

async function health(): Promise<number> {
  return (await get(t.app, '/api/health')).statusCode;
}

async function runOf(content: Parameters<typeof publishedFlow>[2], payload: unknown = {}) {
  const { flow } = await publishedFlow(t, user.token, content);
  const started = await post(t.app, `/api/workflow/run/${flow.id}`, { payload }, { token: user.token });
  expect(started.statusCode).toBe(202);
  return finishedRun(t, user.token, started.json<{ id: string }>().id);
}

describe('JSON depth at the doors', () => {
  it('refuses a webhook body nested thousands of levels deep with a 400 naming the limit, and keeps serving', async () => {
    const content = flowOf('Deep hook', webhookTrigger(), [code(1, 'return inputs.body;', { body: '{{trigger.body}}' })]);
    const { flow } = await publishedFlow(t, user.token, content, true);
    const url = new URL((await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: user.token })).json<{ url: string }>().url).pathname;

    const refused = await post(t.app, url, `{"a":${deepText(5000)}}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', message: `The request body nests deeper than ${MAX_JSON_DEPTH - 1} levels` });
    expect(await health()).toBe(200);

    // Just inside the limit the call runs, and the code step gets the whole body back.
    const accepted = await post(t.app, url, deepText(MAX_JSON_DEPTH - 1));
    expect(accepted.statusCode).toBe(202);
    const finished = await finishedRun(t, user.token, accepted.json<{ runId: string }>().runId);
    expect(finished.status).toBe('SUCCEEDED');
    expect(JSON.stringify(finished.steps[1]!.output)).toBe(deepText(MAX_JSON_DEPTH - 1));
  });

  it('refuses deep run payloads, step-test inputs and saves the same way', async () => {
    const { flow, version } = await publishedFlow(t, user.token, flowOf('Door', manualTrigger(), [code(1, 'return 1;')]));
    const deep = deepText(3000);
    const answers = await Promise.all([
      post(t.app, `/api/workflow/run/${flow.id}`, `{"payload":${deep}}`, { token: user.token }),
      post(t.app, '/api/workflow/sample', `{"workflow_id":"${flow.id}","version_id":"${version.id}","step_name":"trigger","input":{"a":${deep}}}`, { token: user.token }),
      // The flat form (a `steps` array); the nested form may nest a level per step (workflow-nested-form.test.ts).
      post(t.app, '/api/workflow/version/autosave', `{"version_id":"${version.id}","display_name":"x","configuration":{"steps":[],"a":${deep}}}`, { token: user.token }),
      put(t.app, '/api/workflow', `{"id":"${flow.id}","displayName":${deep}}`, { token: user.token }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
    }
    expect(await health()).toBe(200);
  });
});

describe('data made inside a run', () => {
  it('fails a code step whose output nests past the limit, without harm to the server', async () => {
    const run = await runOf(flowOf('Deep output', manualTrigger(), [code(1, 'let v = 1; for (let i = 0; i < 3000; i++) v = [v]; return v;')]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]!.error).toBe(`The step’s output nests deeper than ${MAX_JSON_DEPTH} levels`);
    expect(await health()).toBe(200);
  });

  it('fails a step whose output passes the step cap, naming the setting', async () => {
    const run = await runOf(flowOf('Big output', manualTrigger(), [code(1, "return 'x'.repeat(100 * 1024);")]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]!.error).toBe('The step’s output is larger than 64 KB (RUN_MAX_STEP_DATA_KB)');
    expect(run.steps[1]!.output).toBeNull();
  });

  it('fails a piece step whose output passes the step cap', async () => {
    const big = 'y'.repeat(40 * 1024);
    const run = await runOf(flowOf('Big mapping', manualTrigger(), [piece(1, MAPPER, 'advanced_mapping', { mapping: { a: big, b: big } })]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]!.error).toBe('The step’s input is larger than 64 KB (RUN_MAX_STEP_DATA_KB)');
  });

  it('ends a run whose data passes the run cap, even where its steps continue on failure', async () => {
    const body = "return 'z'.repeat(60 * 1024);";
    const steps = [1, 2, 3, 4, 5, 6].map((n) => {
      const step = code(n, body, {}, n < 6 ? n + 1 : null);
      return { ...step, settings: { ...step.settings, errorHandlingOptions: { continueOnFailure: { value: true } } } } as typeof step;
    });
    const run = await runOf(flowOf('Many outputs', manualTrigger(), steps));
    expect(run.status).toBe('FAILED');
    const failed = run.steps.find((step) => step.status === 'FAILED')!;
    expect(failed.error).toBe('The run’s data passed 256 KB, the most one run may keep (RUN_MAX_RUN_DATA_MB)');
    // Nothing ran after the cap, and what was kept stays under it.
    expect(run.steps.at(-1)).toBe(failed);
    expect(JSON.stringify(run.steps).length).toBeLessThan(256 * 1024 + 64 * 1024);
  });

  it('counts text written from references against the step cap before writing it', async () => {
    const repeated = Array.from({ length: 5 }, () => '{{step_1}}').join(' and ');
    const run = await runOf(flowOf('Echo', manualTrigger(), [code(1, "return 'e'.repeat(40 * 1024);", {}, 2), code(2, 'return 1;', { text: repeated })]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[2]!.error).toBe('The step’s input is larger than 64 KB (RUN_MAX_STEP_DATA_KB)');
  });

  it('keeps 2,000 characters of an error, however much the code throws', async () => {
    const run = await runOf(flowOf('Loud throw', manualTrigger(), [code(1, "throw new Error('w'.repeat(1024 * 1024));")]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]!.error!.length).toBeLessThan(2100);
    expect(run.steps[1]!.error).toMatch(/^w+/);
  });

  it('fails a run that logs past the log-line cap', async () => {
    const run = await runOf(flowOf('Chatty', manualTrigger(), [code(1, 'for (let i = 0; i < 30; i++) console.log(i); return 1;', {}, 2), code(2, 'for (let i = 0; i < 30; i++) console.log(i); return 2;')]));
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]).toMatchObject({ status: 'SUCCEEDED' });
    expect(run.steps[2]).toMatchObject({ status: 'FAILED', error: 'The run wrote more than 50 log lines (RUN_MAX_LOG_LINES)' });
  });

  it('keeps what a code step logged in the run', async () => {
    const run = await runOf(flowOf('Logs', manualTrigger(), [code(1, "console.log('hello', inputs.n); return 1;", { n: 7 })]));
    expect(run.status).toBe('SUCCEEDED');
    expect(run.steps[1]).toMatchObject({ logs: ['hello 7'] });
  });

  it('fails a loop over more items than the cap allows', async () => {
    const loop = {
      name: 'step_1',
      displayName: 'Loop',
      type: 'LOOP_ON_ITEMS' as const,
      valid: true,
      next: null,
      firstLoopStep: 'step_2',
      settings: { items: '{{trigger.items}}' },
    };
    const run = await runOf(flowOf('Long loop', manualTrigger(), [loop, code(2, 'return 1;')]), { items: Array.from({ length: 25 }, (_, i) => i) });
    expect(run.status).toBe('FAILED');
    expect(run.steps[1]!.error).toBe('The loop has 25 items; a loop may walk at most 20 (RUN_MAX_LOOP_ITERATIONS)');
  });

  it('ends a memory bomb built from objects as MEMORY_LIMIT_EXCEEDED', async () => {
    const run = await runOf(flowOf('Bomb', manualTrigger(), [code(1, 'const all = new Map(); let i = 0; for (;;) { all.set(i++, [i, { i }]); }')]));
    expect(run.status).toBe('MEMORY_LIMIT_EXCEEDED');
    expect(run.steps[1]!.error).toBe('The code used more memory than allowed');
  });

  it('keeps a failing run’s large data out of the log', async () => {
    const before = logLines.join('').length;
    await runOf(flowOf('Loud failure', manualTrigger(), [code(1, "return 'q'.repeat(50 * 1024);", {}, 2), code(2, "throw new Error('boom')")]));
    const written = logLines.join('').length - before;
    expect(logLines.join('')).not.toContain('q'.repeat(1000));
    expect(written).toBeLessThan(20 * 1024);
  });
});

describe('a restart with hostile runs queued', () => {
  it('comes up, and the run queued with a payload too deep for the checks fails with a clear message', async () => {
    const { flow, version } = await publishedFlow(t, user.token, flowOf('Queued deep', manualTrigger(), [code(1, 'return inputs;', { all: '{{trigger}}' })]));
    // As a run queued before the checks existed would sit in the database.
    const { rows } = await t.db.query<{ run_id: string }>(
      `INSERT INTO run_queue (flow_id, version_id, user_id, payload) VALUES ($1, $2, $3, $4::jsonb) RETURNING run_id`,
      [flow.id, version.id, user.id, deepText(3000)],
    );
    await t.restart();
    expect(await health()).toBe(200);
    const run = await finishedRun(t, user.token, rows[0]!.run_id);
    expect(run.status).toBe('FAILED');
    expect(run.steps[0]!.error).toBe(`The trigger’s output nests deeper than ${MAX_JSON_DEPTH} levels`);
  });
});
