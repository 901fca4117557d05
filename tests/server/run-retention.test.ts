/**
 * Run retention (issue 15): runs older than the age go, newer ones stay; a workflow keeps its newest runs
 * under the count rule (and today's while a daily quota counts them); runs still going are never deleted;
 * other users' runs are untouched; every batch stays within its bound; and the dashboards count pruned
 * runs as before, while deleting a workflow still takes its stored runs out of them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { pruneRuns } from '../../server/runs/retention.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { del, get, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { createFlow } from './flows.ts';

let t: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** Stores a finished run (or one still going) that started `daysAgo` days ago; answers its id. */
async function runAt(userId: string, flowId: string, daysAgo: number, finished = true): Promise<string> {
  const start = new Date(Date.now() - daysAgo * DAY);
  return insertRun(t.db, userId, {
    flowId,
    status: finished ? 'SUCCEEDED' : 'RUNNING',
    startTime: start,
    finishTime: finished ? new Date(start.getTime() + 1000) : null,
    steps: [{ stepName: 'step_1', status: finished ? 'SUCCEEDED' : 'RUNNING', output: { big: 'x'.repeat(100) } }],
  });
}

const storedIds = async (flowId: string) =>
  (await t.db.query<{ id: string }>(`SELECT id FROM flow_runs WHERE flow_id = $1 ORDER BY start_time DESC`, [flowId])).rows.map((row) => row.id);

const totalExecutions = async (token: string, period = '1y') =>
  (await get(t.app, `/api/analytics/executions/overview?period=${period}`, { token })).json<{ total_executions: number }>().total_executions;

describe('run retention', () => {
  it('deletes runs older than the age in bounded batches, keeps newer and unfinished ones, and leaves the dashboards as they were', async () => {
    const ada = await signedInUser(t.app, 'Ada');
    const bob = await signedInUser(t.app, 'Bob');
    const { flow } = await createFlow(t, ada.token, 'Aging');
    const { flow: bobs } = await createFlow(t, bob.token, 'Bob’s');
    const old: string[] = [];
    for (let i = 0; i < 23; i++) old.push(await runAt(ada.id, flow.id, 40 + i / 10));
    const recent = [await runAt(ada.id, flow.id, 29), await runAt(ada.id, flow.id, 1)];
    const stuck = await runAt(ada.id, flow.id, 45, false);
    const bobRecent = await runAt(bob.id, bobs.id, 2);
    const before = { ada: await totalExecutions(ada.token), bob: await totalExecutions(bob.token) };
    expect(before.ada).toBe(26);

    const batches: number[] = [];
    const deleted = await pruneRuns(t.db, { days: 30, perWorkflow: 0, keepToday: true }, { batchSize: 7, pauseMs: 1, onBatch: (n) => batches.push(n) });
    expect(deleted).toBe(23);
    expect(batches.length).toBeGreaterThanOrEqual(4);
    for (const n of batches) expect(n).toBeLessThanOrEqual(7);
    expect(new Set(await storedIds(flow.id))).toEqual(new Set([...recent, stuck]));
    expect(await storedIds(bobs.id)).toEqual([bobRecent]);
    // The executions screen no longer lists them; the dashboards still count them.
    const listed = await get(t.app, `/api/workflow/executions?workflow_id=${flow.id}&limit=100`, { token: ada.token });
    expect(listed.json<{ data: unknown[] }>().data).toHaveLength(3);
    expect({ ada: await totalExecutions(ada.token), bob: await totalExecutions(bob.token) }).toEqual(before);

    // A second pass finds nothing more.
    expect(await pruneRuns(t.db, { days: 30, perWorkflow: 0, keepToday: true }, { batchSize: 7, pauseMs: 1 })).toBe(0);
    // Deleting the workflow takes its stored runs out of the figures; the pruned ones, no longer stored,
    // stay counted in the user's totals (server/runs/README.md, "Retention").
    expect((await del(t.app, `/api/workflow/${flow.id}`, { token: ada.token })).statusCode).toBe(200);
    expect(await totalExecutions(ada.token)).toBe(23);
  });

  it('keeps each workflow’s newest runs, and today’s while a quota counts them; other workflows and users untouched', async () => {
    const cy = await signedInUser(t.app, 'Cy');
    const dee = await signedInUser(t.app, 'Dee');
    const { flow: busy } = await createFlow(t, cy.token, 'Busy');
    const { flow: quiet } = await createFlow(t, cy.token, 'Quiet');
    const { flow: hers } = await createFlow(t, dee.token, 'Hers');
    for (let i = 12; i >= 1; i--) await runAt(cy.id, busy.id, i);
    const today = [await runAt(cy.id, busy.id, 0.001), await runAt(cy.id, busy.id, 0.0005)];
    const quietRuns = [await runAt(cy.id, quiet.id, 3), await runAt(cy.id, quiet.id, 2)];
    const hersBefore: string[] = [];
    for (let i = 0; i < 8; i++) hersBefore.push(await runAt(dee.id, hers.id, 5 + i));
    const newestFive = (await storedIds(busy.id)).slice(0, 5);

    const batches: number[] = [];
    // Today's two runs are spared while the quota counts them: the newest 5 plus them stay.
    await pruneRuns(t.db, { days: 0, perWorkflow: 5, keepToday: true }, { batchSize: 4, pauseMs: 1, onBatch: (n) => batches.push(n) });
    const kept = await storedIds(busy.id);
    expect(kept.slice(0, 5)).toEqual(newestFive);
    expect(kept).toHaveLength(5);
    expect(kept).toEqual(expect.arrayContaining(today));
    for (const n of batches) expect(n).toBeLessThanOrEqual(4);
    expect(await storedIds(quiet.id)).toEqual(quietRuns.reverse());

    // Dee's workflow is over the count too: her newest 5 stay, and nothing of Cy's moved.
    expect(await storedIds(hers.id)).toEqual(hersBefore.slice(0, 5));
    expect(await storedIds(busy.id)).toEqual(kept);
  });

  it('counts today’s runs in the per-workflow rule when no quota is set', async () => {
    const eve = await signedInUser(t.app, 'Eve');
    const { flow } = await createFlow(t, eve.token, 'Today');
    for (let i = 0; i < 6; i++) await runAt(eve.id, flow.id, 0.01 - i / 1000);
    const newest = (await storedIds(flow.id)).slice(0, 2);
    await pruneRuns(t.db, { days: 0, perWorkflow: 2, keepToday: false }, { pauseMs: 1 });
    expect(await storedIds(flow.id)).toEqual(newest);
  });

  it('stops between batches when told to', async () => {
    const fay = await signedInUser(t.app, 'Fay');
    const { flow } = await createFlow(t, fay.token, 'Stop');
    for (let i = 0; i < 10; i++) await runAt(fay.id, flow.id, 60 + i);
    const stop = new AbortController();
    const deleted = await pruneRuns(t.db, { days: 30, perWorkflow: 0, keepToday: true }, { batchSize: 3, pauseMs: 1, signal: stop.signal, onBatch: () => stop.abort() });
    expect(deleted).toBe(3);
    expect(await storedIds(flow.id)).toHaveLength(7);
  });
});
