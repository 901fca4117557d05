/**
 * Running workflows through the API, on the server's own queue and workers: POST /workflow/run answers
 * the queued run and the run finishes with every step recorded; references to the trigger and earlier
 * steps; an invalid version is refused; another user's workflow is invisible; the Store and
 * Notification pieces in a real run; the daily quota.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { loadConfig } from '../../server/config.ts';
import { queueWithinQuota } from '../../server/runs/run-queue.ts';
import { runsToday } from '../../server/runs/start-run.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, codeStep, createFlow, publishedFlow, UNKNOWN_ID } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, webhookTrigger } from './run-flows.ts';

let t: TestServer;
let user: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 25, codeTimeoutMs: 1000 } });
  user = await signedInUser(t.app);
  other = await signedInUser(t.app, 'Grace Hopper');
});
afterAll(async () => {
  await t?.close();
});

async function run(flowId: string, body: unknown = {}, token = user.token) {
  return post(t.app, `/api/workflow/run/${flowId}`, body, { token });
}

describe('POST /workflow/run/{id}', () => {
  it('answers the queued run, which then runs every step with references resolved', async () => {
    const content = flowOf('Sum', manualTrigger(), [
      code(1, 'return { sum: inputs.a + inputs.b };', { a: '{{trigger.a}}', b: 2 }, 2),
      code(2, 'return `total ${inputs.text}`;', { text: '{{step_1.sum}}' }),
    ]);
    const { flow } = await publishedFlow(t, user.token, content);
    const response = await run(flow.id, { payload: { a: 40 } });
    expect(response.statusCode).toBe(202);
    const queued = response.json<{ id: string; status: string; flowId: string; workflowName: string }>();
    expect(queued).toMatchObject({ status: 'RUNNING', flowId: flow.id, workflowName: 'Sum' });

    const finished = await finishedRun(t, user.token, queued.id);
    expect(finished.status).toBe('SUCCEEDED');
    expect(finished.steps.map((step) => [step.stepName, step.status])).toEqual([
      ['trigger', 'SUCCEEDED'],
      ['step_1', 'SUCCEEDED'],
      ['step_2', 'SUCCEEDED'],
    ]);
    expect(finished.steps[1]!.input).toEqual({ a: 40, b: 2 });
    expect(finished.steps[1]!.output).toEqual({ sum: 42 });
    expect(finished.steps[2]!.output).toBe('total 42');

    const listed = await get(t.app, `/api/workflow/executions?workflow_id=${flow.id}`, { token: user.token });
    expect(listed.json<{ data: Array<{ id: string; status: string }> }>().data).toEqual([expect.objectContaining({ id: queued.id, status: 'SUCCEEDED' })]);
  });

  it('runs the version asked for, and fails the run at the failing step', async () => {
    const content = flowOf('Boom', manualTrigger(), [code(1, "throw new Error('boom');", {}, 2), code(2, 'return 1;')]);
    const { flow, version } = await publishedFlow(t, user.token, content);
    const response = await run(flow.id, { version_id: version.id });
    const finished = await finishedRun(t, user.token, response.json<{ id: string }>().id);
    expect(finished.status).toBe('FAILED');
    expect(finished.steps.map((step) => step.status)).toEqual(['SUCCEEDED', 'FAILED']);
    expect(finished.steps[1]!.error).toContain('boom');
  });

  it('ends TIMEOUT when a code step never ends, and the server keeps serving', async () => {
    const { flow } = await publishedFlow(t, user.token, flowOf('Forever', manualTrigger(), [code(1, 'while (true) {}')]));
    const response = await run(flow.id);
    const health = await get(t.app, '/api/health');
    expect(health.statusCode).toBe(200);
    expect((await finishedRun(t, user.token, response.json<{ id: string }>().id)).status).toBe('TIMEOUT');
  });

  it('refuses a version with steps that need configuration, changing nothing', async () => {
    // An invalid draft cannot be published; its draft can still be asked to run.
    const content = flowOf('Invalid', manualTrigger(), [codeStep(1, null, false)]);
    const { flow, version } = await createFlow(t, user.token, 'Invalid');
    expect((await autosave(t, user.token, version, content)).statusCode).toBe(200);
    const before = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_queue`);
    // Without a payload (the trigger's sample is read) and with one (looked up and queued in one statement).
    for (const body of [{}, { payload: { a: 1 } }]) {
      const response = await run(flow.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'FLOW_OPERATION_INVALID', message: 'This version has steps that need configuration' });
    }
    const after = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_queue`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('answers 404 for another user’s workflow, an unknown one or a malformed id, and 400 for a bad version id in the body', async () => {
    const { flow } = await publishedFlow(t, user.token, flowOf('Mine', manualTrigger(), [code(1, 'return 1;')]));
    expect((await run(flow.id, {}, other.token)).json()).toMatchObject({ code: 'FLOW_NOT_FOUND' });
    expect((await run(flow.id, { payload: { a: 1 } }, other.token)).json()).toMatchObject({ code: 'FLOW_NOT_FOUND' });
    const otherFlow = await publishedFlow(t, other.token, flowOf('Theirs', manualTrigger(), [code(1, 'return 1;')]));
    expect((await run(flow.id, { payload: { a: 1 }, version_id: otherFlow.version.id })).json()).toMatchObject({ code: 'ENTITY_NOT_FOUND', message: 'Version not found' });
    const queued = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_queue WHERE user_id = $1`, [other.id]);
    expect(queued.rows[0]!.n).toBe(0);
    expect((await run(UNKNOWN_ID)).statusCode).toBe(404);
    expect((await run('not-an-id')).json()).toMatchObject({ code: 'FLOW_NOT_FOUND' });
    expect((await run(flow.id, { version_id: 'nope' })).statusCode).toBe(400);
  });
});

describe('pieces in a real run', () => {
  it('keeps Store values per user between runs and offers the keys as options', async () => {
    const put = flowOf('Put', manualTrigger(), [piece(1, '@activepieces/piece-store', 'put', { key: 'greeting', value: '{{trigger.value}}' })]);
    const read = flowOf('Get', manualTrigger(), [piece(1, '@activepieces/piece-store', 'get', { key: 'greeting' })]);
    const putFlow = (await publishedFlow(t, user.token, put)).flow;
    const getFlow = (await publishedFlow(t, user.token, read)).flow;
    expect((await finishedRun(t, user.token, (await run(putFlow.id, { payload: { value: { hello: 'world' } } })).json<{ id: string }>().id)).status).toBe('SUCCEEDED');
    const got = await finishedRun(t, user.token, (await run(getFlow.id)).json<{ id: string }>().id);
    expect(got.steps[1]!.output).toEqual({ hello: 'world' });

    const otherGet = (await publishedFlow(t, other.token, read)).flow;
    const otherGot = await finishedRun(t, other.token, (await run(otherGet.id, {}, other.token)).json<{ id: string }>().id);
    expect(otherGot.steps[1]!.output).toBeNull();

    const options = await post(t.app, '/api/workflow/options', { piece_name: '@activepieces/piece-store', action_name: 'get', property_name: 'key' }, { token: user.token });
    expect(options.json()).toEqual({ options: [{ label: 'greeting', value: 'greeting' }] });
    const none = await post(t.app, '/api/workflow/options', { piece_name: '@activepieces/piece-store', action_name: 'get', property_name: 'key' }, { token: other.token });
    expect(none.json()).toEqual({ options: [] });
  });

  it('never starts a step of an unknown piece: the domain judges it invalid, so the version is refused', async () => {
    // (A step that slips past anyway fails with PIECE_NOT_FOUND in the engine: engine.test.ts.)
    const content = flowOf('Unknown', manualTrigger(), [piece(1, '@someone/piece-nothing', 'act', {})]);
    const { flow, version } = await createFlow(t, user.token, 'Unknown');
    const saved = await autosave(t, user.token, version, content);
    expect(saved.json<{ version: { valid: boolean } }>().version.valid).toBe(false);
    const response = await run(flow.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'FLOW_OPERATION_INVALID', message: 'This version has steps that need configuration' });
  });

  it('sends a notification and the run’s outcome to the user’s live connection only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
    const listen = async (token: string) => {
      const socket = new WebSocket(url);
      const messages: Array<{ type: string; data?: Record<string, unknown> }> = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data)) as (typeof messages)[number]));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'auth', token }));
      while (!messages.some((m) => m.type === 'auth_success')) await new Promise((resolve) => setTimeout(resolve, 10));
      return { socket, messages };
    };
    const mine = await listen(user.token);
    const theirs = await listen(other.token);
    const content = flowOf('Notify', manualTrigger(), [
      piece(1, '@flowsmith/piece-notification', 'send_notification', { message: 'Order {{trigger.order}} shipped', level: 'success' }),
    ]);
    const { flow } = await publishedFlow(t, user.token, content);
    const runId = (await run(flow.id, { payload: { order: 7 } })).json<{ id: string }>().id;
    await finishedRun(t, user.token, runId);
    for (let i = 0; i < 100 && !mine.messages.some((m) => m.type === 'run_finished'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mine.messages).toContainEqual({ type: 'notification', data: { message: 'Order 7 shipped', level: 'success', flowId: flow.id, runId, notificationId: expect.any(String) } });
    expect(mine.messages).toContainEqual({
      type: 'run_finished',
      data: { message: 'Run of “Notify” succeeded', runId, flowId: flow.id, status: 'SUCCEEDED', level: 'success', notificationId: expect.any(String) },
    });
    expect(theirs.messages.filter((m) => m.type === 'notification' || m.type === 'run_finished')).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });
});

describe('the daily quota', () => {
  it('refuses runs beyond the quota with 429, keeping the first refusal of the day as a run and counting the rest', async () => {
    const quotaUser = await signedInUser(t.app, 'Quota');
    const { flow } = await publishedFlow(t, quotaUser.token, flowOf('Often', manualTrigger(), [code(1, 'return 1;')]));
    const answers: number[] = [];
    for (let i = 0; i < 27; i++) answers.push((await run(flow.id, {}, quotaUser.token)).statusCode);
    expect(answers.filter((status) => status === 202)).toHaveLength(25);
    const refused = await run(flow.id, {}, quotaUser.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'QUOTA_EXCEEDED', message: 'Daily run quota reached' });
    const listed = await get(t.app, `/api/workflow/executions?workflow_id=${flow.id}&status=QUOTA_EXCEEDED`, { token: quotaUser.token });
    expect(listed.json<{ total: number }>().total).toBe(1);
    const { rows } = await t.db.query<{ refused: number }>(`SELECT refused FROM quota_refusals WHERE flow_id = $1`, [flow.id]);
    expect(rows).toEqual([{ refused: 3 }]);
  });

  it('never lets runs started at the same moment take more than the quota (on PostgreSQL, on connections of their own)', async () => {
    const racer = await signedInUser(t.app, 'Racer');
    const { flow, version } = await publishedFlow(t, racer.token, flowOf('Racing', manualTrigger(), [code(1, 'return 1;')]));
    const request = { flowId: flow.id, versionId: version.id, userId: racer.id, payload: {} };
    // Straight to the queue, 60 at once: through HTTP the requests arrive too spread out to race.
    const queued = await Promise.all(Array.from({ length: 60 }, () => queueWithinQuota(t.db, request, 25)));
    expect(queued.filter((runId) => runId !== null)).toHaveLength(25);
    expect(await runsToday(t.db, racer.id)).toBe(25);
  });

  it('changes nothing for a webhook call refused for the quota, not even the trigger’s sample', async () => {
    const hooked = await signedInUser(t.app, 'Hooked');
    const { flow } = await publishedFlow(t, hooked.token, flowOf('Hook', webhookTrigger(), [code(1, 'return 1;')]), true);
    const path = new URL((await get(t.app, `/api/workflow/${flow.id}/webhook`, { token: hooked.token })).json<{ url: string }>().url).pathname;
    expect((await post(t.app, path, { n: 'kept' })).statusCode).toBe(202);
    for (let i = 1; i < 25; i++) expect((await run(flow.id, {}, hooked.token)).statusCode).toBe(202);
    const refused = await post(t.app, path, { n: 'refused' });
    expect(refused.statusCode).toBe(429);
    const samples = (await get(t.app, `/api/workflow/${flow.id}/samples`, { token: hooked.token })).json<{ samples: { trigger: { output: { body: unknown } } } }>().samples;
    expect(samples.trigger.output.body).toEqual({ n: 'kept' });
  });
});
