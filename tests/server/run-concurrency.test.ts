/**
 * A workflow's maximum of concurrent runs (issue 15): runs past it wait in the queue and all finish, never
 * two RUNNING at once for a maximum of 1 (checked from the runs' own start and finish times, and by
 * watching the table while they run); other workflows of the same user run meanwhile; the setting is
 * saved through PUT /workflow, shown by GET, cleared with null, and refused out of bounds.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { get, post, put, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { publishedFlow } from './flows.ts';
import { finishedRun, flowOf, manualTrigger, piece } from './run-flows.ts';

let t: TestServer;
let token: string;

beforeAll(async () => {
  t = await startTestServer();
  ({ token } = await signedInUser(t.app));
});
afterAll(async () => {
  await t?.close();
});

const delayFlow = (name: string, seconds: number) => flowOf(name, manualTrigger(), [piece(1, '@activepieces/piece-delay', 'delay_for', { delayFor: seconds, unit: 'seconds' })]);

async function setMax(flowId: string, maxConcurrentRuns: unknown) {
  return put(t.app, '/api/workflow', { id: flowId, maxConcurrentRuns }, { token });
}

async function startRuns(flowId: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const started = await post(t.app, `/api/workflow/run/${flowId}`, {}, { token });
    expect(started.statusCode).toBe(202);
    ids.push(started.json<{ id: string }>().id);
  }
  return ids;
}

const intervals = async (flowId: string) =>
  (
    await t.db.query<{ start: number; finish: number }>(
      `SELECT extract(epoch FROM start_time) * 1000 AS start, extract(epoch FROM finish_time) * 1000 AS finish FROM flow_runs WHERE flow_id = $1 ORDER BY start_time`,
      [flowId],
    )
  ).rows.map((row) => ({ start: Number(row.start), finish: Number(row.finish) }));

describe('a workflow’s maximum of concurrent runs', () => {
  it('runs five queued runs of a workflow limited to one, one after the other, while another workflow runs alongside', async () => {
    const limited = await publishedFlow(t, token, delayFlow('One at a time', 0.3));
    const free = await publishedFlow(t, token, delayFlow('Free', 0.2));
    expect((await setMax(limited.flow.id, 1)).statusCode).toBe(200);

    const ids = await startRuns(limited.flow.id, 5);
    const freeIds = await startRuns(free.flow.id, 2);
    let most = 0;
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE flow_id = $1 AND status = 'RUNNING'`, [limited.flow.id]);
        most = Math.max(most, rows[0]!.n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const finished = [];
    for (const id of ids) finished.push(await finishedRun(t, token, id));
    for (const id of freeIds) expect((await finishedRun(t, token, id)).status).toBe('SUCCEEDED');
    watching = false;
    await watch;

    expect(finished.map((run) => run.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    // The watch may see none RUNNING on a loaded machine; it must never see two.
    expect(most).toBeLessThanOrEqual(1);
    const runs = await intervals(limited.flow.id);
    expect(runs).toHaveLength(5);
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.start).toBeGreaterThanOrEqual(runs[i - 1]!.finish);
    // The other workflow's runs, queued behind the five, did not wait for them: the limit holds back only
    // its own workflow's runs, not the queue.
    const others = await intervals(free.flow.id);
    expect(others[0]!.start).toBeLessThan(runs[4]!.finish);
  });

  it('saves, shows and clears the setting, and refuses values out of bounds', async () => {
    const { flow } = await publishedFlow(t, token, delayFlow('Settings', 0));
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token })).json<{ flow: { maxConcurrentRuns: unknown } }>().flow.maxConcurrentRuns).toBeNull();
    const saved = await setMax(flow.id, 3);
    expect(saved.json<{ flow: { maxConcurrentRuns: unknown } }>().flow.maxConcurrentRuns).toBe(3);
    const listed = await get(t.app, '/api/workflow/paginate?limit=50', { token });
    expect(listed.json<{ data: Array<{ id: string; maxConcurrentRuns: unknown }> }>().data.find((row) => row.id === flow.id)?.maxConcurrentRuns).toBe(3);
    for (const bad of [0, 101, 1.5, '2', -1]) {
      const refused = await setMax(flow.id, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ code: string; errors: Record<string, unknown> }>().errors).toHaveProperty('maxConcurrentRuns');
    }
    expect((await get(t.app, `/api/workflow/${flow.id}`, { token })).json<{ flow: { maxConcurrentRuns: unknown } }>().flow.maxConcurrentRuns).toBe(3);
    expect((await setMax(flow.id, null)).json<{ flow: { maxConcurrentRuns: unknown } }>().flow.maxConcurrentRuns).toBeNull();
  });

  it('answers another user’s workflow as missing and leaves it unchanged', async () => {
    const other = await signedInUser(t.app, 'Other');
    const { flow } = await publishedFlow(t, other.token, delayFlow('Theirs', 0));
    expect((await setMax(flow.id, 1)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ m: number | null }>(`SELECT max_concurrent_runs AS m FROM flows WHERE id = $1`, [flow.id]);
    expect(rows[0]!.m).toBeNull();
  });
});
