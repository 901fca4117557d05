/**
 * Schedules fire: an enabled workflow with a Schedule trigger starts a run within a second of each
 * tick; two schedulers on one database (as two server processes) fire each tick once; disabling stops
 * it; /schedules lists the last run.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { Scheduler } from '../../server/runs/scheduler.ts';
import { get, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow, scheduleTrigger } from './flows.ts';
import { code, flowOf } from './run-flows.ts';

let t: TestServer;
let user: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, dailyQuota: 0, scheduleMinIntervalMs: 1000 } });
  user = await signedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function fires(flowId: string) {
  const { rows } = await t.db.query<{ fire_time: Date; run_id: string | null; start_time: Date | null; status: string | null }>(
    `SELECT s.fire_time, s.run_id, r.start_time, r.status FROM schedule_fires s LEFT JOIN flow_runs r ON r.id = s.run_id
     WHERE s.flow_id = $1 ORDER BY s.fire_time`,
    [flowId],
  );
  return rows;
}

/**
 * An enabled workflow firing every second (croner's six-field form), with a code step that reports when
 * it ran. The domain judges a schedule more frequent than once a minute invalid, so it cannot be
 * published that way: the version is published every minute, and its stored cron made every second here,
 * before enabling (this server's scheduler allows 1 s).
 */
async function enabledEverySecond(): Promise<{ id: string }> {
  const content = flowOf('Tick', scheduleTrigger('cron_expression', { cronExpression: '* * * * *', timezone: 'UTC' }, 'step_1'), [
    code(1, 'return inputs;', { at: '{{trigger.firedAt}}' }),
  ]);
  const { flow, version } = await publishedFlow(t, user.token, content);
  await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{trigger,settings,input,cronExpression}', '"* * * * * *"') WHERE id = $1`, [version.id]);
  const enabled = await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token });
  expect(enabled.statusCode).toBe(200);
  return flow;
}

describe('schedules', () => {
  it('fire on time, once per tick even with a second scheduler on the same database', async () => {
    const second = new Scheduler({ db: t.db, dailyQuota: 0, minIntervalMs: 1000 });
    await second.start();
    const flow = await enabledEverySecond();
    await second.refresh();
    for (let i = 0; i < 100 && (await fires(flow.id)).filter((f) => f.status === 'SUCCEEDED').length < 3; i++) await sleep(50);
    second.stop();
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'DISABLED' }, { token: user.token })).statusCode).toBe(200);

    const fired = (await fires(flow.id)).filter((f) => f.start_time !== null);
    expect(fired.length).toBeGreaterThanOrEqual(3);
    // One run per tick: distinct ticks, each with its own run, the runs exactly as many as the ticks.
    const ticks = new Set(fired.map((f) => new Date(f.fire_time).getTime()));
    expect(ticks.size).toBe(fired.length);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE flow_id = $1`, [flow.id]);
    const all = await fires(flow.id);
    expect(rows[0]!.n).toBe(all.length);
    for (const fire of fired) {
      const late = new Date(fire.start_time!).getTime() - new Date(fire.fire_time).getTime();
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(1000);
    }
  });

  it('stop firing when the workflow is disabled, and /schedules shows the last run', async () => {
    const flow = await enabledEverySecond();
    for (let i = 0; i < 100 && (await fires(flow.id)).length === 0; i++) await sleep(50);
    const listed = await get(t.app, '/api/workflow/schedules', { token: user.token });
    const row = listed.json<{ data: Array<{ workflowId: string; lastRun: string | null; nextRun: string | null }> }>().data.find((r) => r.workflowId === flow.id);
    expect(row?.lastRun).not.toBeNull();
    expect(row?.nextRun).not.toBeNull();

    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'DISABLED' }, { token: user.token })).statusCode).toBe(200);
    await sleep(300);
    const count = (await fires(flow.id)).length;
    await sleep(1500);
    expect((await fires(flow.id)).length).toBe(count);
  });
});
