/**
 * Executions and schedules (SPEC §7): runs stored with `insertRun` (as the engine will), listed with
 * filters, read with every step (loop iterations included); schedules of enabled workflows with their
 * next run in their time zone.
 */
import { Cron } from 'croner';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { Run, StoredTrigger } from '../../src/domain/index.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { get, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, createFlow, publishedFlow, scheduleTrigger, UNKNOWN_ID, type Flow, type Version } from './flows.ts';

let t: TestServer;
let token: string;
let userId: string;
let nightly: { flow: Flow; version: Version };
let hourly: { flow: Flow; version: Version };
const ids: Record<string, string> = {};

interface RunSummary {
  id: string;
  flowId: string;
  workflowName: string;
  versionId: string | null;
  status: string;
  startTime: string;
  finishTime: string | null;
  duration: number | null;
}

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await startTestServer();
  ({ token, id: userId } = await signedInUser(t.app));
  nightly = await publishedFlow(t, token, { ...chain(2), displayName: 'Nightly' });
  hourly = await publishedFlow(t, token, { ...chain(1), displayName: 'Hourly' });
  ids.ok = await insertRun(t.db, userId, {
    flowId: nightly.flow.id,
    versionId: nightly.version.id,
    status: 'SUCCEEDED',
    startTime: at('2024-03-01T10:00:00.000Z'),
    finishTime: at('2024-03-01T10:00:02.500Z'),
    steps: [
      { stepName: 'trigger', displayName: 'Schedule', type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, output: { firedAt: 'now' }, duration: 3 },
      {
        stepName: 'step_1',
        displayName: 'Loop',
        type: 'LOOP_ON_ITEMS',
        status: 'SUCCEEDED',
        input: { items: [1, 2] },
        output: { index: 2 },
        duration: 40,
        iterations: [
          [{ stepName: 'step_2', displayName: 'Code', type: 'CODE', status: 'SUCCEEDED', input: { item: 1 }, output: 2, duration: 10 }],
          [{ stepName: 'step_2', displayName: 'Code', type: 'CODE', status: 'SUCCEEDED', input: { item: 2 }, output: 4, duration: 12 }],
        ],
      },
    ],
  });
  ids.failed = await insertRun(t.db, userId, {
    flowId: nightly.flow.id,
    versionId: nightly.version.id,
    status: 'FAILED',
    startTime: '2024-03-02T10:00:00.000Z',
    finishTime: '2024-03-02T10:00:01.000Z',
    steps: [{ stepName: 'step_1', status: 'FAILED', error: 'Boom: ünïcödé', input: { a: 1 } }],
  });
  // The domain's run shape (step_name) is accepted too.
  const domainRun: Run & { flowId: string; startTime: string } = {
    flowId: hourly.flow.id,
    status: 'RUNNING',
    startTime: '2024-03-03T08:00:00.000Z',
    steps: [{ step_name: 'step_1', status: 'RUNNING' }],
  };
  ids.running = await insertRun(t.db, userId, domainRun);
});
afterAll(async () => {
  await t?.close();
});

const list = async (query = '') => {
  const response = await get(t.app, `/api/workflow/executions${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: RunSummary[]; total: number; page: number; limit: number }>();
};

describe('GET /api/workflow/executions', () => {
  it('lists runs newest first, with the workflow name, duration and paging', async () => {
    const all = await list();
    expect(all).toMatchObject({ total: 3, page: 1, limit: 10 });
    expect(all.data.map((r) => r.id)).toEqual([ids.running, ids.failed, ids.ok]);
    expect(all.data[2]).toEqual({
      id: ids.ok,
      flowId: nightly.flow.id,
      workflowName: 'Nightly',
      versionId: nightly.version.id,
      status: 'SUCCEEDED',
      startTime: '2024-03-01T10:00:00.000Z',
      finishTime: '2024-03-01T10:00:02.500Z',
      duration: 2500,
      startedBy: 'manual',
    });
    expect(all.data[0]).toMatchObject({ status: 'RUNNING', finishTime: null, duration: null, versionId: null, workflowName: 'Hourly' });
    const second = await list('?page=2&limit=2');
    expect(second.data.map((r) => r.id)).toEqual([ids.ok]);
    expect(second.total).toBe(3);
  });

  it('filters by workflow, status and time range', async () => {
    expect((await list(`?workflow_id=${nightly.flow.id}`)).data.map((r) => r.id)).toEqual([ids.failed, ids.ok]);
    expect((await list('?status=FAILED')).data.map((r) => r.id)).toEqual([ids.failed]);
    expect((await list('?status=TIMEOUT')).total).toBe(0);
    expect((await list('?from=2024-03-02T00:00:00Z')).data.map((r) => r.id)).toEqual([ids.running, ids.failed]);
    expect((await list('?to=2024-03-02T10:00:00.000Z')).data.map((r) => r.id)).toEqual([ids.failed, ids.ok]);
    const range = `?from=${encodeURIComponent('2024-03-01T11:00:00+01:00')}&to=2024-03-02T12:00:00Z&workflow_id=${nightly.flow.id}&status=SUCCEEDED`;
    expect((await list(range)).data.map((r) => r.id)).toEqual([ids.ok]);
    expect((await list(`?workflow_id=${UNKNOWN_ID}`)).total).toBe(0);
    expect((await list('?status=&workflow_id=&from=&to=')).total).toBe(3);
  });

  it('refuses bad filters', async () => {
    for (const query of [
      'status=DONE',
      'status=succeeded',
      'workflow_id=nope',
      'from=yesterday',
      'to=2024-13-01T00:00:00Z',
      'from=2024-03-02T00:00:00Z&to=2024-03-01T00:00:00Z',
      'limit=500',
      'page=0',
    ]) {
      const response = await get(t.app, `/api/workflow/executions?${query}`, { token });
      expect({ query, status: response.statusCode, code: response.json<{ code: string }>().code }).toEqual({ query, status: 400, code: 'VALIDATION' });
    }
    expect((await get(t.app, '/api/workflow/executions')).statusCode).toBe(401);
  });
});

describe('GET /api/workflow/execution/{id}', () => {
  it('answers the run with every step, loop iterations included', async () => {
    const response = await get(t.app, `/api/workflow/execution/${ids.ok}`, { token });
    expect(response.statusCode).toBe(200);
    const run = response.json<RunSummary & { steps: Array<Record<string, unknown>> }>();
    expect(run).toMatchObject({ id: ids.ok, status: 'SUCCEEDED', duration: 2500, workflowName: 'Nightly' });
    expect(run.steps[0]).toEqual({
      stepName: 'trigger',
      displayName: 'Schedule',
      type: 'PIECE_TRIGGER',
      status: 'SUCCEEDED',
      input: {},
      output: { firedAt: 'now' },
      error: null,
      duration: 3,
    });
    const iterations = run.steps[1]!.iterations as Array<Array<Record<string, unknown>>>;
    expect(iterations).toHaveLength(2);
    expect(iterations[1]![0]).toMatchObject({ stepName: 'step_2', input: { item: 2 }, output: 4, duration: 12, error: null });
  });

  it('fills defaults for sparse step runs and the domain shape', async () => {
    const failed = (await get(t.app, `/api/workflow/execution/${ids.failed}`, { token })).json<{ steps: unknown[] }>();
    expect(failed.steps).toEqual([
      { stepName: 'step_1', displayName: 'step_1', type: '', status: 'FAILED', input: { a: 1 }, output: null, error: 'Boom: ünïcödé', duration: null },
    ]);
    const running = (await get(t.app, `/api/workflow/execution/${ids.running}`, { token })).json<{ steps: Array<{ stepName: string }> }>();
    expect(running.steps[0]!.stepName).toBe('step_1');
  });

  it('answers 404 for an unknown run and for a malformed id alike (issue 16)', async () => {
    const unknown = await get(t.app, `/api/workflow/execution/${UNKNOWN_ID}`, { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'ENTITY_NOT_FOUND', message: 'Execution not found' });
    const malformed = await get(t.app, '/api/workflow/execution/12', { token });
    expect({ status: malformed.statusCode, body: malformed.json() }).toEqual({ status: 404, body: unknown.json() });
  });

  it('insertRun refuses another user’s workflow, a foreign version and malformed runs', async () => {
    const other = await signedInUser(t.app, 'Other');
    const theirs = await createFlow(t, other.token);
    await expect(insertRun(t.db, userId, { flowId: theirs.flow.id, status: 'SUCCEEDED', startTime: new Date(), steps: [] })).rejects.toThrow();
    await expect(
      insertRun(t.db, userId, { flowId: nightly.flow.id, versionId: hourly.version.id, status: 'SUCCEEDED', startTime: new Date(), steps: [] }),
    ).rejects.toThrow();
    await expect(insertRun(t.db, userId, { flowId: nightly.flow.id, status: 'DONE' as 'FAILED', startTime: new Date(), steps: [] })).rejects.toThrow();
    expect((await list()).total).toBe(3);
  });
});

describe('GET /api/workflow/schedules', () => {
  interface Schedule {
    workflowId: string;
    workflowName: string;
    cronExpression: string;
    timezone: string;
    nextRun: string | null;
    lastRun: string | null;
    status: string;
  }
  let owner: string;
  let daily: Flow;

  beforeAll(async () => {
    const user = await signedInUser(t.app, 'Scheduler');
    owner = user.token;
    daily = (await publishedFlow(t, owner, { ...chain(1, scheduleTrigger('every_day', { hour_of_the_day: 9, timezone: 'Europe/Paris', run_on_weekends: true })), displayName: 'Paris 9am' }, true)).flow;
    await publishedFlow(t, owner, { ...chain(1, scheduleTrigger('cron_expression', { cronExpression: '30 7 * * 1-5', timezone: 'America/New_York' })), displayName: 'NY weekdays' }, true);
    await publishedFlow(t, owner, { ...chain(1, scheduleTrigger('every_x_minutes', { minutes: 15 })), displayName: 'Quarter hour' }, true);
    // Listed as paused (issue 17): disabled. Not listed: a trigger of another piece.
    await publishedFlow(t, owner, { ...chain(1, scheduleTrigger('every_hour', {})), displayName: 'Paused' }, false);
    const webhook: StoredTrigger = {
      name: 'trigger',
      type: 'PIECE_TRIGGER',
      displayName: 'Webhook',
      valid: true,
      next: null,
      settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '0.1.0', triggerName: 'catch_webhook', input: {} },
    };
    await publishedFlow(t, owner, { ...chain(1, webhook), displayName: 'Hook' }, true);
    await insertRun(t.db, user.id, { flowId: daily.id, status: 'SUCCEEDED', startTime: '2024-05-01T07:00:00.000Z', steps: [] });
    await insertRun(t.db, user.id, { flowId: daily.id, status: 'SUCCEEDED', startTime: '2024-05-02T07:00:00.000Z', steps: [] });
  });

  it('lists schedule workflows with cron, time zone, next and last run, enabled ones first, paused ones without a next run', async () => {
    const response = await get(t.app, '/api/workflow/schedules', { token: owner });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: Schedule[] }>().data;
    expect(data.slice(0, 3).map((s) => s.workflowName).sort()).toEqual(['NY weekdays', 'Paris 9am', 'Quarter hour']);
    expect(data.slice(3)).toEqual([expect.objectContaining({ workflowName: 'Paused', status: 'DISABLED', nextRun: null, lastRun: null })]);
    const paris = data.find((s) => s.workflowName === 'Paris 9am')!;
    expect(paris).toMatchObject({ workflowId: daily.id, cronExpression: '0 9 * * *', timezone: 'Europe/Paris', status: 'ENABLED', lastRun: '2024-05-02T07:00:00.000Z' });
    const next = new Date(paris.nextRun!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000 + 60_000);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next);
    expect(local).toBe('09:00');
    const ny = data.find((s) => s.workflowName === 'NY weekdays')!;
    expect(ny).toMatchObject({ cronExpression: '30 7 * * 1-5', timezone: 'America/New_York', lastRun: null });
    expect(ny.nextRun).toBe(new Cron('30 7 * * 1-5', { timezone: 'America/New_York' }).nextRun(new Date(Date.now() - 1000))?.toISOString());
    expect(data.find((s) => s.workflowName === 'Quarter hour')).toMatchObject({ cronExpression: '*/15 * * * *', timezone: 'UTC' });
  });

  it('keeps a workflow listed once it is paused, as paused with no next run, and back when resumed', async () => {
    await put(t.app, '/api/workflow/status', { id: daily.id, status: 'DISABLED' }, { token: owner });
    let data = (await get(t.app, '/api/workflow/schedules', { token: owner })).json<{ data: Schedule[] }>().data;
    expect(data.filter((s) => s.status === 'ENABLED').map((s) => s.workflowName).sort()).toEqual(['NY weekdays', 'Quarter hour']);
    expect(data.find((s) => s.workflowId === daily.id)).toMatchObject({ status: 'DISABLED', nextRun: null, lastRun: '2024-05-02T07:00:00.000Z' });
    await put(t.app, '/api/workflow/status', { id: daily.id, status: 'ENABLED' }, { token: owner });
    data = (await get(t.app, '/api/workflow/schedules', { token: owner })).json<{ data: Schedule[] }>().data;
    expect(data.find((s) => s.workflowId === daily.id)).toMatchObject({ status: 'ENABLED', nextRun: expect.any(String) });
  });

  it('is empty for a user without schedules and needs a signed-in user', async () => {
    const newcomer = await signedInUser(t.app, 'No schedules');
    expect((await get(t.app, '/api/workflow/schedules', { token: newcomer.token })).json()).toEqual({ data: [] });
    expect((await get(t.app, '/api/workflow/schedules')).statusCode).toBe(401);
  });
});
