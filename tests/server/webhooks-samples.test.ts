/**
 * The webhook trigger's secret URL starting runs with the request as the trigger's output, and 'Test
 * step' (POST /workflow/sample) running one step against the sample data of the steps before it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { get, post, put, send, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { createFlow, publishedFlow, UNKNOWN_ID } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, webhookTrigger } from './run-flows.ts';

let t: TestServer;
let user: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, codeTimeoutMs: 2000, codeMemoryBytes: 16 * 1024 * 1024, webhookPerMinute: 3 } });
  user = await signedInUser(t.app);
  other = await signedInUser(t.app, 'Grace Hopper');
});
afterAll(async () => {
  await t?.close();
});

const pathOf = (url: string) => new URL(url).pathname;

describe('the webhook trigger', () => {
  it('starts a run of an enabled workflow with the request as the trigger output', async () => {
    const content = flowOf('Hook', webhookTrigger(), [code(1, 'return { name: inputs.name, q: inputs.q };', { name: '{{trigger.body.name}}', q: '{{trigger.query.q}}' })]);
    const { flow } = await publishedFlow(t, user.token, content);
    const address = await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: user.token });
    const url = address.json<{ url: string }>().url;
    expect(url).toMatch(/^http:\/\/flowsmith\.test\/api\/webhooks\/[0-9a-f]{64}$/);
    expect((await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: other.token })).statusCode).toBe(404);

    // Published but not enabled: nobody listens.
    const refused = await post(t.app, `${pathOf(url)}?q=1`, { name: 'Ada' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'FLOW_NOT_FOUND', message: 'No enabled workflow listens at this address' });

    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    const accepted = await send(t.app, 'POST', `${pathOf(url)}?q=1`, { name: 'Ada' }, { headers: { cookie: 'session=secret' } });
    expect(accepted.statusCode).toBe(202);
    const finished = await finishedRun(t, user.token, accepted.json<{ runId: string }>().runId);
    expect(finished.status).toBe('SUCCEEDED');
    expect(finished.steps[0]!.output).toMatchObject({ method: 'POST', body: { name: 'Ada' }, query: { q: '1' } });
    expect(JSON.stringify(finished.steps[0]!.output)).not.toContain('session=secret');
    expect(finished.steps[1]!.output).toEqual({ name: 'Ada', q: '1' });

    const form = await t.app.inject({ method: 'POST', url: pathOf(url), payload: 'name=Bob', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await finishedRun(t, user.token, form.json<{ runId: string }>().runId)).steps[1]!.output).toEqual({ name: 'Bob' });

    // The latest request is the trigger's sample data.
    const samples = await get(t.app, `/api/workflow/${flow.id}/samples`, { token: user.token });
    expect(samples.json<{ samples: Record<string, { output: { body: unknown } }> }>().samples.trigger!.output.body).toEqual({ name: 'Bob' });
  });

  it('accepts a limited number of calls per minute on one URL', async () => {
    const { flow } = await publishedFlow(t, user.token, flowOf('Busy hook', webhookTrigger(), [code(1, 'return 1;')]), true);
    const url = pathOf((await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: user.token })).json<{ url: string }>().url);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post(t.app, url, { i })).statusCode);
    expect(answers).toEqual([202, 202, 202, 429]);
  });

  it('answers 404 for unknown or malformed secrets', async () => {
    expect((await post(t.app, `/api/webhooks/${'0'.repeat(64)}`, {})).statusCode).toBe(404);
    expect((await post(t.app, '/api/webhooks/not-a-secret', {})).statusCode).toBe(404);
  });
});

describe('POST /workflow/sample', () => {
  it('tests a step against the trigger’s sample and keeps the output as sample data', async () => {
    const content = flowOf('Samples', manualTrigger(), [
      code(1, 'console.log("got", inputs.a); return { doubled: inputs.a * 2 };', { a: '{{trigger.a}}' }, 2),
      code(2, 'return inputs.x + 1;', { x: '{{step_1.doubled}}' }),
    ]);
    const { flow, version } = await createFlow(t, user.token, 'Samples');
    const { autosave } = await import('./flows.ts');
    const saved = (await autosave(t, user.token, version, content)).json<{ version: { id: string } }>().version;
    const sample = (body: Record<string, unknown>, token = user.token) =>
      post(t.app, '/api/workflow/sample', { workflow_id: flow.id, version_id: saved.id, ...body }, { token });

    expect((await sample({ step_name: 'trigger', input: { a: 21 } })).json()).toMatchObject({ status: 'SUCCEEDED', output: { a: 21 } });
    const first = (await sample({ step_name: 'step_1' })).json();
    expect(first).toMatchObject({ stepName: 'step_1', status: 'SUCCEEDED', output: { doubled: 42 }, error: null, code: null, logs: ['got 21'] });
    expect((await sample({ step_name: 'step_2' })).json()).toMatchObject({ status: 'SUCCEEDED', output: 43 });
    // Input given with the call wins over the step's own.
    expect((await sample({ step_name: 'step_2', input: { x: 1 } })).json()).toMatchObject({ output: 2 });

    const samples = (await get(t.app, `/api/workflow/${flow.id}/samples`, { token: user.token })).json<{ samples: Record<string, { output: unknown; status: string }> }>().samples;
    expect(samples.step_1).toMatchObject({ status: 'SUCCEEDED', output: { doubled: 42 } });
    expect(samples.step_2).toMatchObject({ output: 2 });

    // The manual Run uses the trigger's sample when no payload is given.
    const runId = (await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token })).json<{ id: string }>().id;
    expect((await finishedRun(t, user.token, runId)).steps[2]!.output).toBe(43);

    expect((await sample({ step_name: 'step_9' })).json()).toEqual({ code: 'STEP_NOT_FOUND', message: 'Step not found' });
    expect((await sample({ step_name: 'step_1' }, other.token)).statusCode).toBe(404);
    expect((await get(t.app, `/api/workflow/${flow.id}/samples`, { token: other.token })).statusCode).toBe(404);
    expect((await post(t.app, '/api/workflow/sample', { workflow_id: UNKNOWN_ID, version_id: saved.id, step_name: 'step_1' }, { token: user.token })).statusCode).toBe(404);
    expect((await sample({ step_name: '../etc' })).statusCode).toBe(400);
  });

  it('reports a timeout and a memory bomb with their codes, and refuses loops', async () => {
    const content = flowOf('Limits', manualTrigger(), [
      code(1, 'while (true) {}', {}, 2),
      code(2, "const all = []; for (let i = 0; ; i++) all.push({ i, text: 'item ' + i });", {}, 3),
      { name: 'step_3', displayName: 'Loop', type: 'LOOP_ON_ITEMS', valid: true, next: null, settings: { items: '[1]' }, firstLoopStep: null },
    ]);
    const { flow, version } = await createFlow(t, user.token, 'Limits');
    const { autosave } = await import('./flows.ts');
    const response = await autosave(t, user.token, version, content);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<{ version: { id: string } }>().version;
    const sample = (stepName: string) => post(t.app, '/api/workflow/sample', { workflow_id: flow.id, version_id: saved.id, step_name: stepName }, { token: user.token });
    expect((await sample('step_1')).json()).toMatchObject({ status: 'FAILED', code: 'EXECUTION_TIMEOUT' });
    const bomb = (await sample('step_2')).json();
    expect(bomb, JSON.stringify(bomb)).toMatchObject({ status: 'FAILED', code: 'MEMORY_ISSUE' });
    expect((await sample('step_3')).json()).toEqual({ code: 'VALIDATION', message: 'Only code and piece steps can be tested' });
    expect((await get(t.app, '/api/health')).statusCode).toBe(200);
  });
});
