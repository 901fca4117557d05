/**
 * The embedded database runs no autovacuum (PGlite has no background processes), so the hourly prune
 * vacuums the small tables every run and request churns through: after a few hundred runs went through
 * the queue, its dead rows are gone and its statistics are fresh. On PostgreSQL, autovacuum's job: the
 * call does nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { loadConfig } from '../../server/config.ts';
import { vacuumEmbedded } from '../../server/db/prune.ts';
import { claimRun, enqueueRun, finishRun } from '../../server/runs/run-queue.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, publishedFlow } from './flows.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, workersEnabled: false } });
});
afterAll(async () => {
  await t?.close();
});

const queueStats = async () =>
  (
    await t.db.query<{ dead: number; analysed: boolean }>(
      `SELECT n_dead_tup::int AS dead, (last_analyze IS NOT NULL) AS analysed FROM pg_stat_user_tables WHERE relname = 'run_queue' AND schemaname = current_schema()`,
    )
  ).rows[0]!;

describe('vacuuming the embedded database', () => {
  it('reclaims the queue’s dead rows after runs went through it', async () => {
    const user = await signedInUser(t.app);
    const { flow, version } = await publishedFlow(t, user.token, chain(1));
    for (let i = 0; i < 200; i++) {
      await enqueueRun(t.db, { flowId: flow.id, versionId: version.id, userId: user.id, payload: { i } });
      const run = await claimRun(t.db, 'worker-test', 60_000);
      await finishRun(t.db, run!.runId, 'worker-test', { status: 'SUCCEEDED', steps: [] });
    }
    if (t.db.kind !== 'pglite') {
      await vacuumEmbedded(t.db);
      return;
    }
    // A backend sends its counts to the statistics at most once a second: counts of these deletes sent
    // after the vacuum would be added to its zero. Sent now, before it.
    await t.db.query(`SELECT pg_stat_force_next_flush()`);
    await t.db.query(`SELECT 1`);
    expect((await queueStats()).dead).toBeGreaterThan(100);
    await vacuumEmbedded(t.db);
    expect(await queueStats()).toEqual({ dead: 0, analysed: true });
  });
});
