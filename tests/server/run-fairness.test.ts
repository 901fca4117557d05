/**
 * One user cannot starve another or flood the queue: a user's queue of slow code leaves workers and
 * sandbox threads for everyone else, a schedule firing more often than the minimum interval never fires,
 * and loops and routers nested past the bound end the run with a message instead of the stack.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { executeFlow } from '../../server/engine/execute-flow.ts';
import { MAX_RUN_NESTING } from '../../server/engine/run-budget.ts';
import { fromNestedFlow } from '../../src/domain/index.ts';
import { get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow, scheduleTrigger } from './flows.ts';
import { code, finishedRun, flowOf, manualTrigger } from './run-flows.ts';

let t: TestServer;

beforeAll(async () => {
  // The defaults that matter here: 5 workers with 4 runs a user, 3 sandbox threads with 2 a user. The
  // flood's code time limit is long, so none of it ends before the quick run does on a loaded machine.
  t = await startTestServer({ engine: { ...loadConfig({}).engine, codeTimeoutMs: 30_000 } });
});
afterAll(async () => {
  await t?.close();
});

const runStatuses = async (flowId: string, token: string) => {
  const listed = await get(t.app, `/api/workflow/executions?workflow_id=${flowId}&limit=100`, { token });
  const queued = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_queue WHERE flow_id = $1 AND claimed_by IS NULL`, [flowId]);
  return { rows: listed.json<{ data: Array<{ status: string }> }>().data, waiting: queued.rows[0]!.n };
};

describe('fairness between users', () => {
  it('runs another user’s trivial run while one user has ten slow runs queued', async () => {
    const flooder = await signedInUser(t.app, 'Flooder');
    const bystander = await signedInUser(t.app, 'Bystander');
    const slow = await publishedFlow(t, flooder.token, flowOf('Spin', manualTrigger(), [code(1, 'for (;;) {}')]));
    const quick = await publishedFlow(t, bystander.token, flowOf('Quick', manualTrigger(), [code(1, 'return 42;')]));

    for (let i = 0; i < 10; i++) expect((await post(t.app, `/api/workflow/run/${slow.flow.id}`, {}, { token: flooder.token })).statusCode).toBe(202);
    const started = await post(t.app, `/api/workflow/run/${quick.flow.id}`, {}, { token: bystander.token });
    const finished = await finishedRun(t, bystander.token, started.json<{ id: string }>().id);
    expect(finished.status).toBe('SUCCEEDED');
    expect(finished.steps[1]!.output).toBe(42);

    // The flood is still far from done: the quick run did not wait for it.
    const flood = await runStatuses(slow.flow.id, flooder.token);
    const running = flood.rows.filter((row) => row.status === 'RUNNING').length;
    expect(flood.rows.filter((row) => row.status === 'TIMEOUT').length).toBe(0);
    expect(running).toBeLessThanOrEqual(4);
    expect(flood.waiting).toBeGreaterThanOrEqual(6);
  });
});

describe('the schedule interval', () => {
  it('never fires a schedule set to fire every second, and shows no next run for it', async () => {
    const user = await signedInUser(t.app, 'Hasty');
    // The domain judges an every-second schedule invalid, so it cannot be published; one already stored
    // (written before that rule, or by hand) is set here in the published row, then enabled.
    const hourly = scheduleTrigger('cron_expression', { cronExpression: '0 * * * *', timezone: 'UTC' }, 'step_1');
    const { flow, version } = await publishedFlow(t, user.token, flowOf('Every second', hourly, [code(1, 'return 1;')]));
    await t.db.query(`UPDATE flow_versions SET content = jsonb_set(content, '{trigger,settings,input,cronExpression}', '"* * * * * *"') WHERE id = $1`, [version.id]);
    expect((await put(t.app, '/api/workflow/status', { id: flow.id, status: 'ENABLED' }, { token: user.token })).statusCode).toBe(200);
    const everyMinute = scheduleTrigger('cron_expression', { cronExpression: '0 * * * * *', timezone: 'UTC' }, 'step_1');
    const { flow: calm } = await publishedFlow(t, user.token, flowOf('Every minute', everyMinute, [code(1, 'return 1;')]), true);

    const schedules = (await get(t.app, '/api/workflow/schedules', { token: user.token })).json<{ data: Array<{ workflowId: string; nextRun: string | null }> }>().data;
    expect(schedules.find((s) => s.workflowId === flow.id)?.nextRun).toBeNull();
    expect(schedules.find((s) => s.workflowId === calm.id)?.nextRun).toMatch(/:00\.000Z$/);

    await new Promise((resolve) => setTimeout(resolve, 2500));
    const fired = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM flow_runs WHERE flow_id = $1)::int + (SELECT count(*) FROM run_queue WHERE flow_id = $1)::int AS n`,
      [flow.id],
    );
    expect(fired.rows[0]!.n).toBe(0);
  });
});

describe('nesting', () => {
  it(`ends a run whose loops nest deeper than ${MAX_RUN_NESTING} levels with a message`, async () => {
    let body: Record<string, unknown> = { name: 'step_1', type: 'CODE', displayName: 'Inner', valid: true, settings: { sourceCode: { code: 'export const code = () => 1;', packageJson: '{}' }, input: {} } };
    for (let i = 0; i < MAX_RUN_NESTING + 5; i++) {
      body = { name: `step_${i + 2}`, type: 'LOOP_ON_ITEMS', displayName: `Loop ${i}`, valid: true, settings: { items: '[1]' }, firstLoopAction: body };
    }
    const version = fromNestedFlow({ displayName: 'Deep loops', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Manual', valid: true, settings: {}, nextAction: body } });
    const result = await executeFlow(version, {}, { runCode: async () => ({ ok: true, output: 1, logs: [] }), pieceAction: () => undefined, userId: 'u1' });
    expect(result.status).toBe('FAILED');
    expect(JSON.stringify(result.steps)).toContain(`Loops and routers nest deeper than ${MAX_RUN_NESTING} levels`);
    // What is kept can still be stored.
    expect(() => JSON.stringify(result.steps)).not.toThrow();
  });
});
