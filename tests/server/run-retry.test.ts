/**
 * Retry and replay (issue 15): POST /workflow/execution/{id}/retry makes a new run linked to a finished
 * one. FROM_FAILED_STEP runs the same version with the same payload and keeps the steps before the failed
 * one (the counting endpoint the first step calls is hit once in all); ON_LATEST_VERSION runs the
 * published version afresh with the same payload. The details show the link both ways. Refusals: a run
 * with no failed step, a run still going, a bad strategy (400, nothing written), another user's run
 * (404, like a missing one), and the daily quota (429). Real server, engine and HTTP piece against a
 * local server.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { get, post, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { autosave, publishedFlow, type Version } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, type RunView } from './run-flows.ts';

const HTTP = '@activepieces/piece-http';

let t: TestServer;
let target: Server;
let base: string;
const hits = new Map<string, number>();
/** Whether /flaky answers 500 (the cause of the failure) or 200 (fixed). */
let flakyFails = true;

beforeAll(async () => {
  target = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    res.setHeader('content-type', 'application/json');
    if (path === '/flaky' && flakyFails) res.statusCode = 500;
    res.end(JSON.stringify({ path, n }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  t = await startTestServer({ engine: { ...loadConfig({}).engine, httpAllowPrivateNetworks: true } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => target?.close(resolve));
});

const content = (path: string, label: string) =>
  flowOf('Retry me', manualTrigger(), [
    piece(1, HTTP, 'send_request', { method: 'POST', url: `${base}${path}` }, 2),
    piece(2, HTTP, 'send_request', { method: 'GET', url: `${base}/flaky` }, 3),
    code(3, `return { label: ${JSON.stringify(label)}, counted: inputs.counted, order: inputs.order };`, { counted: '{{step_1.body.n}}', order: '{{trigger.order}}' }),
  ]);

interface Detail extends RunView {
  versionId: string;
  retryOf?: { id: string; strategy: string; status: string } | null;
  retries?: Array<{ id: string; strategy: string; status: string }>;
}

const detail = async (token: string, id: string) => (await get(t.app, `/api/workflow/execution/${id}`, { token })).json<Detail>();
const retry = (token: string, id: string, strategy: unknown) => post(t.app, `/api/workflow/execution/${id}/retry`, { strategy }, { token });

describe('retrying a finished run', () => {
  it('retries from the failed step: the same version, the steps before it kept and not run again, linked both ways', async () => {
    flakyFails = true;
    const user = await signedInUser(t.app);
    const { flow, version } = await publishedFlow(t, user.token, content('/count-a', 'v1'));
    const started = await post(t.app, `/api/workflow/run/${flow.id}`, { payload: { order: 42 } }, { token: user.token });
    expect(started.statusCode).toBe(202);
    const failed = await finishedRun(t, user.token, started.json<{ id: string }>().id);
    expect(failed.status).toBe('FAILED');
    expect(failed.steps.map((step) => `${step.stepName}:${step.status}`)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:FAILED']);
    expect(hits.get('/count-a')).toBe(1);

    // The cause is fixed; the run is retried from its failed step.
    flakyFails = false;
    const retried = await retry(user.token, failed.id, 'FROM_FAILED_STEP');
    expect(retried.statusCode, retried.body).toBe(202);
    const queued = retried.json<Detail>();
    expect(queued.id).not.toBe(failed.id);
    expect(queued.retryOf).toMatchObject({ id: failed.id, strategy: 'FROM_FAILED_STEP', status: 'FAILED' });
    const done = (await finishedRun(t, user.token, queued.id)) as Detail;
    expect(done.status).toBe('SUCCEEDED');
    expect(done.versionId).toBe(version.id);
    // step_1 was not called again: its recorded output (call 1) fed step_3.
    expect(hits.get('/count-a')).toBe(1);
    expect(done.steps.map((step) => step.output)[1]).toEqual(failed.steps[1]!.output);
    expect(done.steps[3]!.output).toEqual({ label: 'v1', counted: 1, order: 42 });

    expect((await detail(user.token, done.id)).retryOf).toMatchObject({ id: failed.id, strategy: 'FROM_FAILED_STEP' });
    expect((await detail(user.token, failed.id)).retries).toEqual([expect.objectContaining({ id: done.id, strategy: 'FROM_FAILED_STEP', status: 'SUCCEEDED' })]);

    // A succeeded run has no failed step to retry from; nothing is queued.
    const refused = await retry(user.token, done.id, 'FROM_FAILED_STEP');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'FLOW_OPERATION_INVALID', message: 'This run has no failed step to retry from' });
    expect((await detail(user.token, done.id)).retries).toEqual([]);
  });

  it('runs again on the latest published version with the same payload', async () => {
    flakyFails = false;
    const user = await signedInUser(t.app);
    const { flow, version } = await publishedFlow(t, user.token, content('/count-b', 'v1'));
    const first = await finishedRun(t, user.token, (await post(t.app, `/api/workflow/run/${flow.id}`, { payload: { order: 7 } }, { token: user.token })).json<{ id: string }>().id);
    expect(first.status).toBe('SUCCEEDED');

    // A new version is published (the draft made from the published one, changed, then published).
    const draft = (await post(t.app, '/api/workflow/version', { workflow_id: flow.id }, { token: user.token })).json<{ version: Version }>().version;
    expect((await autosave(t, user.token, draft, content('/count-b', 'v2'))).statusCode).toBe(200);
    const published = await post(t.app, '/api/workflow/publish', { workflow_id: flow.id, version_id: draft.id }, { token: user.token });
    expect(published.statusCode, published.body).toBe(200);
    const latestId = published.json<{ version: Version }>().version.id;
    expect(latestId).not.toBe(version.id);

    const again = await retry(user.token, first.id, 'ON_LATEST_VERSION');
    expect(again.statusCode, again.body).toBe(202);
    const done = (await finishedRun(t, user.token, again.json<{ id: string }>().id)) as Detail;
    expect(done.status).toBe('SUCCEEDED');
    expect(done.versionId).toBe(latestId);
    // Every step ran afresh on the new version, with the first run's payload.
    expect(hits.get('/count-b')).toBe(2);
    expect(done.steps[3]!.output).toEqual({ label: 'v2', counted: 2, order: 7 });
    expect((await detail(user.token, done.id)).retryOf).toMatchObject({ id: first.id, strategy: 'ON_LATEST_VERSION', status: 'SUCCEEDED' });
  });

  it('answers 404 for another user’s run and an unknown one, 400 for a bad strategy or id, writing nothing', async () => {
    flakyFails = true;
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app, 'Grace Hopper');
    const { flow } = await publishedFlow(t, owner.token, content('/count-c', 'v1'));
    const failed = await finishedRun(t, owner.token, (await post(t.app, `/api/workflow/run/${flow.id}`, { payload: {} }, { token: owner.token })).json<{ id: string }>().id);
    const count = async () => (await t.db.query<{ n: number }>(`SELECT (SELECT count(*) FROM flow_runs)::int + (SELECT count(*) FROM run_queue)::int AS n`)).rows[0]!.n;
    const before = await count();

    const foreign = await retry(other.token, failed.id, 'FROM_FAILED_STEP');
    const unknown = await retry(other.token, '00000000-0000-4000-8000-000000000000', 'FROM_FAILED_STEP');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ code: 'ENTITY_NOT_FOUND', message: 'Execution not found' });

    const bad = await retry(owner.token, failed.id, 'FROM_THE_MIDDLE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION' });
    expect(bad.body).toContain('strategy');
    expect((await retry(owner.token, 'not-an-id', 'FROM_FAILED_STEP')).json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Execution not found' });
    expect(await count()).toBe(before);
  });
});

describe('retries and the daily quota', () => {
  it('counts a retry as a run: past the quota it is refused with 429', async () => {
    const limited = await startTestServer({ engine: { ...loadConfig({}).engine, httpAllowPrivateNetworks: true, dailyQuota: 1 } });
    try {
      flakyFails = true;
      const user = await signedInUser(limited.app);
      const { flow } = await publishedFlow(limited, user.token, content('/count-d', 'v1'));
      const failed = await finishedRun(limited, user.token, (await post(limited.app, `/api/workflow/run/${flow.id}`, { payload: {} }, { token: user.token })).json<{ id: string }>().id);
      expect(failed.status).toBe('FAILED');
      const refused = await post(limited.app, `/api/workflow/execution/${failed.id}/retry`, { strategy: 'FROM_FAILED_STEP' }, { token: user.token });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Daily run quota reached' });
    } finally {
      await limited.close();
    }
  });
});
