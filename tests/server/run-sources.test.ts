/**
 * Issue 17, executions: how each run started (`startedBy`, migration 021) as each entry point records it —
 * the Run button, a webhook call, a retry, a schedule tick — in the list and the run's details, and the
 * list's `started_by` filter; deleting one run and up to 100 at once: runs still going are kept (409 for
 * one), another user's ids answer like missing ones and are untouched, and the analytics count the runs kept.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { del, get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow, scheduleTrigger, UNKNOWN_ID } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger, piece, webhookTrigger } from './run-flows.ts';

let t: TestServer;
let user: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 0, scheduleMinIntervalMs: 1000 } });
  user = await signedInUser(t.app);
  other = await signedInUser(t.app, 'Grace Hopper');
});
afterAll(async () => {
  await t?.close();
});

type Listed = { id: string; status: string; startedBy: string };
const list = async (query: string, token = user.token) => {
  const reply = await get(t.app, `/api/workflow/executions?limit=100${query}`, { token });
  expect(reply.statusCode).toBe(200);
  return reply.json<{ data: Listed[]; total: number }>();
};
const detail = async (id: string, token = user.token) => (await get(t.app, `/api/workflow/execution/${id}`, { token })).json<Listed>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('how a run started', () => {
  it('is recorded by each entry point, shown in the list and the details, and filters the list', async () => {
    // The Run button (POST /workflow/run), with and without a payload: two statements paths, both manual.
    const failing = flowOf('Fails', manualTrigger(), [code(1, 'throw new Error("boom");')]);
    const { flow } = await publishedFlow(t, user.token, failing);
    const manual = (await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token })).json<Listed>();
    expect(manual.startedBy).toBe('manual');
    const withPayload = (await post(t.app, `/api/workflow/run/${flow.id}`, { payload: { a: 1 } }, { token: user.token })).json<Listed>();
    expect(withPayload.startedBy).toBe('manual');
    expect((await finishedRun(t, user.token, manual.id)).status).toBe('FAILED');
    await finishedRun(t, user.token, withPayload.id);
    expect((await detail(manual.id)).startedBy).toBe('manual');

    // A retry of the failed run.
    const retried = await post(t.app, `/api/workflow/execution/${manual.id}/retry`, { strategy: 'FROM_FAILED_STEP' }, { token: user.token });
    expect(retried.statusCode).toBe(202);
    const retry = retried.json<Listed>();
    expect(retry.startedBy).toBe('retry');
    await finishedRun(t, user.token, retry.id);
    expect((await detail(retry.id)).startedBy).toBe('retry');

    // A webhook call.
    const { flow: hook } = await publishedFlow(t, user.token, flowOf('Hook', webhookTrigger(), [code(1, 'return 1;')]), true);
    const url = new URL((await get(t.app, `/api/workflow/${hook.id}/webhook`, { token: user.token })).json<{ url: string }>().url).pathname;
    const called = await post(t.app, url, { hello: 'world' });
    expect(called.statusCode).toBe(202);
    const hookRun = called.json<{ runId: string }>().runId;
    await finishedRun(t, user.token, hookRun);
    expect((await detail(hookRun)).startedBy).toBe('webhook');

    // A schedule tick: a schedule every second (stored after publishing, as schedules-firing does), then off.
    const { flow: ticking, version } = await publishedFlow(
      t,
      user.token,
      flowOf('Tick', scheduleTrigger('cron_expression', { cronExpression: '* * * * *', timezone: 'UTC' }, 'step_1'), [code(1, 'return 1;')]),
    );
    await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{trigger,settings,input,cronExpression}', '"* * * * * *"') WHERE id = $1`, [version.id]);
    expect((await put(t.app, '/api/workflow/status', { id: ticking.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    let scheduled: Listed | undefined;
    for (let i = 0; i < 100 && !scheduled; i++) {
      scheduled = (await list(`&workflow_id=${ticking.id}`)).data.find((run) => run.status !== 'RUNNING');
      if (!scheduled) await sleep(100);
    }
    expect((await put(t.app, '/api/workflow/status', { id: ticking.id, status: 'DISABLED' }, { token: user.token })).statusCode).toBe(200);
    expect(scheduled?.startedBy).toBe('schedule');

    // The filter is the server's: each source lists only its own runs, with its own total.
    const bySource = async (source: string) => (await list(`&started_by=${source}`)).data;
    expect((await bySource('manual')).map((run) => run.id).sort()).toEqual([manual.id, withPayload.id].sort());
    expect((await bySource('retry')).map((run) => run.id)).toEqual([retry.id]);
    expect((await bySource('webhook')).map((run) => run.id)).toEqual([hookRun]);
    const schedules = await list('&started_by=schedule');
    expect(schedules.data.length).toBeGreaterThan(0);
    expect(schedules.data.every((run) => run.startedBy === 'schedule')).toBe(true);
    expect(schedules.total).toBe(schedules.data.length);
    // Combined with another filter.
    expect((await list(`&started_by=manual&status=SUCCEEDED`)).data).toEqual([]);
    // Another user sees none of them.
    expect((await list('&started_by=manual', other.token)).total).toBe(0);

    const refused = await get(t.app, '/api/workflow/executions?started_by=cron', { token: user.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ code: string; message: string }>()).toMatchObject({ code: 'VALIDATION' });
    expect(refused.body).toContain('started_by');
  });
});

describe('deleting runs', () => {
  const finished = async (flowId: string, versionId: string, userId = user.id) =>
    insertRun(t.db, userId, { flowId, versionId, status: 'FAILED', startTime: new Date(), finishTime: new Date(), steps: [] });
  const overview = async () =>
    (await get(t.app, '/api/analytics/executions/overview?period=24h', { token: user.token })).json<{ total_executions: number; by_status: Record<string, number> }>();

  it('deletes one finished run of the caller, refuses one still going, and answers 404 for another user’s', async () => {
    const slow = flowOf('Slow', manualTrigger(), [piece(1, '@activepieces/piece-delay', 'delay_for', { delayFor: 2, unit: 'seconds' })]);
    const { flow, version } = await publishedFlow(t, user.token, slow);
    const { flow: theirs, version: theirVersion } = await publishedFlow(t, other.token, flowOf('Theirs', manualTrigger(), [code(1, 'return 1;')]));
    const mine = await finished(flow.id, version.id);
    const their = await finished(theirs.id, theirVersion.id, other.id);

    expect((await del(t.app, `/api/workflow/execution/${their}`, { token: user.token })).json()).toEqual(
      (await del(t.app, `/api/workflow/execution/${UNKNOWN_ID}`, { token: user.token })).json(),
    );
    expect((await del(t.app, `/api/workflow/execution/${their}`, { token: user.token })).statusCode).toBe(404);
    expect((await detail(their, other.token)).id).toBe(their);

    const going = (await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token })).json<Listed>();
    const refused = await del(t.app, `/api/workflow/execution/${going.id}`, { token: user.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'FLOW_OPERATION_INVALID', message: 'A run that has not finished cannot be deleted; wait for it to end' });

    const before = await overview();
    const deleted = await del(t.app, `/api/workflow/execution/${mine}`, { token: user.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(t.app, `/api/workflow/execution/${mine}`, { token: user.token })).statusCode).toBe(404);
    // The analytics count the runs the user keeps.
    const after = await overview();
    expect(after.total_executions).toBe(before.total_executions - 1);
    expect(after.by_status.FAILED).toBe((before.by_status.FAILED ?? 0) - 1);
    await finishedRun(t, user.token, going.id);
  });

  it('deletes up to 100 at once, keeping runs still going and another user’s, and refuses a bad list', async () => {
    const slow = flowOf('Slow bulk', manualTrigger(), [piece(1, '@activepieces/piece-delay', 'delay_for', { delayFor: 2, unit: 'seconds' })]);
    const { flow, version } = await publishedFlow(t, user.token, slow);
    const { flow: theirs, version: theirVersion } = await publishedFlow(t, other.token, flowOf('Theirs bulk', manualTrigger(), [code(1, 'return 1;')]));
    const mine = [await finished(flow.id, version.id), await finished(flow.id, version.id)];
    const their = await finished(theirs.id, theirVersion.id, other.id);
    const going = (await post(t.app, `/api/workflow/run/${flow.id}`, {}, { token: user.token })).json<Listed>();

    const reply = await post(t.app, '/api/workflow/executions/delete', { ids: [...mine, mine[0], their, going.id, UNKNOWN_ID] }, { token: user.token });
    expect(reply.statusCode).toBe(200);
    const outcome = reply.json<{ deleted: string[]; running: string[]; notFound: string[] }>();
    expect(outcome.deleted.sort()).toEqual([...mine].sort());
    expect(outcome.running).toEqual([going.id]);
    expect(outcome.notFound.sort()).toEqual([their, UNKNOWN_ID].sort());
    expect((await list(`&workflow_id=${flow.id}`)).data.map((run) => run.id)).toEqual([going.id]);
    expect((await detail(their, other.token)).id).toBe(their);

    const tooMany = await post(t.app, '/api/workflow/executions/delete', { ids: Array.from({ length: 101 }, () => UNKNOWN_ID) }, { token: user.token });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('Delete at most 100 runs at a time');
    const none = await post(t.app, '/api/workflow/executions/delete', { ids: [] }, { token: user.token });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Choose at least one run');
    const notIds = await post(t.app, '/api/workflow/executions/delete', { ids: ['nope'] }, { token: user.token });
    expect(notIds.statusCode).toBe(400);
    await finishedRun(t, user.token, going.id);
  });
});
