/**
 * The run queue in the database: two worker pools (as two server processes would) take 200 queued runs
 * and each run is executed exactly once and recorded; a run whose worker died mid-run is found when
 * the next one starts and closed as INTERNAL_ERROR, never left RUNNING. (On PGlite one connection
 * serialises the claims; CI runs this file on PostgreSQL too, where the claims really race.)
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createRunExecutor } from '../../server/engine/run-executor.ts';
import { claimRun, enqueueRun, finishRun, recoverExpired, type FinishedRun, type QueuedRun } from '../../server/runs/run-queue.ts';
import { CodeSandbox } from '../../server/engine/sandbox/code-sandbox.ts';
import { RunWorkers } from '../../server/runs/run-workers.ts';
import { workflowsForRuns } from '../../server/workflows/runs-port.ts';
import { loadConfig } from '../../server/config.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, publishedFlow } from './flows.ts';

let t: TestServer;
let userId: string;
let flowId: string;
let versionId: string;

beforeAll(async () => {
  // The server's own workers would take these runs; this file runs pools of its own.
  t = await startTestServer({ engine: { ...loadConfig({}).engine, workersEnabled: false } });
  const user = await signedInUser(t.app);
  userId = user.id;
  const { flow, version } = await publishedFlow(t, user.token, chain(1));
  flowId = flow.id;
  versionId = version.id;
});
afterAll(async () => {
  await t?.close();
});

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the run queue', () => {
  it('runs 200 queued runs exactly once across two engines', async () => {
    const executed = new Map<string, string[]>();
    // Each pool is an engine of its own: its own sandbox threads running the version's code step.
    const sandboxes = [new CodeSandbox({ threads: 1 }), new CodeSandbox({ threads: 1 })];
    const engines = sandboxes.map((sandbox) => createRunExecutor({ readVersion: workflowsForRuns(t.db).readVersion, runCode: (source, inputs) => sandbox.run(source, inputs), pieceAction: () => undefined }));
    const execute = (worker: string) => async (run: QueuedRun, signal: AbortSignal) => {
      executed.set(run.runId, [...(executed.get(run.runId) ?? []), worker]);
      return engines[worker === 'a' ? 0 : 1]!(run, signal);
    };
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(await enqueueRun(t.db, { flowId, versionId, userId, payload: { i } }));
    const a = new RunWorkers({ db: t.db, execute: execute('a'), concurrency: 4, pollMs: 20, workerId: 'a' });
    const b = new RunWorkers({ db: t.db, execute: execute('b'), concurrency: 4, pollMs: 20, workerId: 'b' });
    await Promise.all([a.start(), b.start()]);
    const finished = async () => {
      const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM flow_runs WHERE id = ANY($1::uuid[]) AND status = 'SUCCEEDED'`, [ids]);
      return rows[0]!.n === 200;
    };
    await waitFor(finished, '200 runs to finish');
    await Promise.all([a.stop(), b.stop()]);
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()));

    expect(executed.size).toBe(200);
    expect([...executed.values()].every((workers) => workers.length === 1)).toBe(true);
    const { rows: left } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_queue`);
    expect(left[0]!.n).toBe(0);
    const { rows: recorded } = await t.db.query<{ steps: Array<{ output: unknown }> }>(`SELECT steps FROM flow_runs WHERE id = $1`, [ids[7]]);
    expect(recorded[0]!.steps[0]!.output).toEqual({ i: 7 });
    // The version's one code step ran in the sandbox.
    expect(recorded[0]!.steps[1]).toMatchObject({ stepName: 'step_1', status: 'SUCCEEDED', output: 1 });
  });

  // With RUN_MAX_RESUMES = 0 (the workers' default here); resuming is run-resume.test.ts's.
  it('closes a run whose worker died as INTERNAL_ERROR when the next process starts', async () => {
    const runId = await enqueueRun(t.db, { flowId, versionId, userId, payload: {} });
    // A process claims it with a short lease and dies without finishing it.
    const claimed = await claimRun(t.db, 'crashed-process', 50);
    expect(claimed?.runId).toBe(runId);
    const status = async () => (await t.db.query<{ status: string }>(`SELECT status FROM flow_runs WHERE id = $1`, [runId])).rows[0]?.status;
    expect(await status()).toBe('RUNNING');
    await waitFor(async () => (await t.db.query<{ expired: boolean }>(`SELECT lease_until < clock_timestamp() AS expired FROM run_queue WHERE run_id = $1`, [runId])).rows[0]?.expired === true, 'the lease to run out');

    const next = new RunWorkers({ db: t.db, execute: async () => ({ status: 'SUCCEEDED', steps: [] }), workerId: 'next', pollMs: 20 });
    await next.start();
    await next.stop();
    expect(await status()).toBe('INTERNAL_ERROR');
  });

  // The queue's statistics are nearly always stale (migration 020): here they are taken while it holds
  // claimed runs only, as autovacuum finds it between floods, and then 300 runs arrive.
  it('claims the oldest waiting run by reading a few rows, not the whole queue, whatever the statistics say', async () => {
    await t.db.query(`DELETE FROM run_queue`);
    const running: string[] = [];
    for (let i = 0; i < 3; i++) running.push(await enqueueRun(t.db, { flowId, versionId, userId, payload: {} }));
    await t.db.query(`UPDATE run_queue SET claimed_by = 'elsewhere', lease_until = clock_timestamp() + interval '1 hour'`);
    await t.db.query(`ANALYZE run_queue`);
    const other = await signedInUser(t.app);
    const { flow, version } = await publishedFlow(t, other.token, chain(1));
    const waiting: string[] = [];
    for (let i = 0; i < 300; i++) waiting.push(await enqueueRun(t.db, { flowId: flow.id, versionId: version.id, userId: other.id, payload: {} }));

    // The statistics views also hold counts not flushed yet from earlier statements: the claim's are the difference.
    const read = await t.db.transaction(async (tx) => {
      const counts = async () =>
        (await tx.query<{ seq_scan: number; idx_tup_fetch: number }>(
          `SELECT seq_scan::int, idx_tup_fetch::int FROM pg_stat_xact_user_tables WHERE relid = 'run_queue'::regclass`,
        )).rows[0]!;
      const before = await counts();
      const { rows: picked } = await tx.query<{ run_id: string }>(`SELECT run_id FROM flowsmith_next_run(2)`);
      const after = await counts();
      return { picked: picked[0]?.run_id, seq_scan: after.seq_scan - before.seq_scan, idx_tup_fetch: after.idx_tup_fetch - before.idx_tup_fetch };
    });
    expect(read.picked).toBe(waiting[0]);
    expect(read.seq_scan).toBe(0);
    // The first waiting run and the three running ones, not the 300 waiting.
    expect(read.idx_tup_fetch).toBeLessThan(20);
    await t.db.query(`DELETE FROM run_queue`);
  });

  it('never hands over a run it did not claim: one queued while a claim is under way is claimed whole or left waiting', async () => {
    await t.db.query(`DELETE FROM run_queue`);
    // The pick sleeps first, so a run can be queued after the claim's statement began but before the pick
    // looks (on PostgreSQL; PGlite's one connection queues the enqueue behind the claim).
    await t.db.query(`ALTER FUNCTION flowsmith_next_run(bigint) RENAME TO flowsmith_next_run_unslowed`);
    await t.db.query(`CREATE FUNCTION flowsmith_next_run(p_per_user bigint)
      RETURNS TABLE (run_id uuid, flow_id uuid, version_id uuid, user_id uuid, limited boolean) LANGUAGE plpgsql VOLATILE ROWS 1 AS $$
      BEGIN PERFORM pg_sleep(0.4); RETURN QUERY SELECT * FROM flowsmith_next_run_unslowed(p_per_user); END $$`);
    try {
      const claiming = claimRun(t.db, 'slot', 60_000);
      if (process.env.DATABASE_URL) {
        await waitFor(async () => (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`)).rows.length > 0, 'the claim to sleep');
      }
      const queued = await enqueueRun(t.db, { flowId, versionId, userId, payload: { n: 9 } });
      const claimed = (await claiming) ?? (await claimRun(t.db, 'slot', 60_000));
      expect(claimed).toMatchObject({ runId: queued, payload: { n: 9 } });
      const { rows } = await t.db.query<{ claimed_by: string | null; status: string | null }>(
        `SELECT q.claimed_by, r.status FROM run_queue q LEFT JOIN flow_runs r ON r.id = q.run_id WHERE q.run_id = $1`,
        [queued],
      );
      expect(rows[0]).toEqual({ claimed_by: 'slot', status: 'RUNNING' });
      await finishRun(t.db, queued, 'slot', { status: 'SUCCEEDED', steps: [] });
    } finally {
      await t.db.query(`DROP FUNCTION flowsmith_next_run(bigint)`);
      await t.db.query(`ALTER FUNCTION flowsmith_next_run_unslowed(bigint) RENAME TO flowsmith_next_run`);
    }
  });

  it('a run its own process claims again after its lease ran out is recorded by the newer claim only', async () => {
    await t.db.query(`DELETE FROM run_queue`);
    const runId = await enqueueRun(t.db, { flowId, versionId, userId, payload: {} });
    // Each execution waits until the test lets it end, with the outcome the test gives.
    const release: Array<(result: FinishedRun) => void> = [];
    const workers = new RunWorkers({
      db: t.db,
      workerId: 'one-process',
      concurrency: 2,
      pollMs: 20,
      maxResumes: 3,
      execute: () => new Promise<FinishedRun>((resolve) => release.push(resolve)),
    });
    await workers.start();
    try {
      await waitFor(async () => release.length === 1, 'the first execution');
      // The lease runs out unrenewed (a stalled process) and is put back; the same process claims it again.
      await t.db.query(`UPDATE run_queue SET lease_until = clock_timestamp() - interval '1 second' WHERE run_id = $1`, [runId]);
      expect(await recoverExpired(t.db, 3)).toEqual([]);
      workers.wake();
      await waitFor(async () => release.length === 2, 'the second execution');
      // The stale execution ends first, cut short as an abandoned engine's would be: nothing of it is kept.
      release[0]!({ status: 'STOPPED', steps: [] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      release[1]!({ status: 'SUCCEEDED', steps: [] });
      await waitFor(async () => (await t.db.query(`SELECT 1 FROM run_queue WHERE run_id = $1`, [runId])).rows.length === 0, 'the run to end');
      const { rows } = await t.db.query<{ status: string }>(`SELECT status FROM flow_runs WHERE id = $1`, [runId]);
      expect(rows[0]?.status).toBe('SUCCEEDED');
    } finally {
      release.forEach((end) => end({ status: 'STOPPED', steps: [] }));
      await workers.stop();
    }
  });

  it('claims the next waiting run with the finish of the last, and leaves a limited workflow’s run to a confirmed claim', async () => {
    await t.db.query(`DELETE FROM run_queue`);
    const first = await enqueueRun(t.db, { flowId, versionId, userId, payload: { n: 1 } });
    expect((await claimRun(t.db, 'slot', 60_000))?.runId).toBe(first);
    const second = await enqueueRun(t.db, { flowId, versionId, userId, payload: { n: 2 } });
    const statusOf = async (id: string) => (await t.db.query<{ status: string }>(`SELECT status FROM flow_runs WHERE id = $1`, [id])).rows[0]?.status;

    // Another worker's finish of this run records nothing and claims nothing.
    expect(await finishRun(t.db, first, 'not-the-slot', { status: 'SUCCEEDED', steps: [] }, { leaseMs: 60_000, perUser: 100 })).toBeNull();
    expect(await statusOf(second)).toBeUndefined();

    const ended = await finishRun(t.db, first, 'slot', { status: 'SUCCEEDED', steps: [] }, { leaseMs: 60_000, perUser: 100 });
    expect(await statusOf(first)).toBe('SUCCEEDED');
    expect(ended?.next).toMatchObject({ runId: second, flowId, userId, payload: { n: 2 }, resumes: 0 });
    expect(await statusOf(second)).toBe('RUNNING');
    const { rows: holder } = await t.db.query<{ claimed_by: string }>(`SELECT claimed_by FROM run_queue WHERE run_id = $1`, [second]);
    expect(holder[0]?.claimed_by).toBe('slot');

    // A workflow with a maximum of its own: its run waits for claimRun, which confirms it under the lock.
    await t.db.query(`UPDATE flows SET max_concurrent_runs = 1 WHERE id = $1`, [flowId]);
    try {
      const third = await enqueueRun(t.db, { flowId, versionId, userId, payload: { n: 3 } });
      const after = await finishRun(t.db, second, 'slot', { status: 'SUCCEEDED', steps: [] }, { leaseMs: 60_000, perUser: 100 });
      expect(after).toMatchObject({ next: null });
      expect(await statusOf(third)).toBeUndefined();
      expect((await claimRun(t.db, 'slot', 60_000))?.runId).toBe(third);
      await finishRun(t.db, third, 'slot', { status: 'SUCCEEDED', steps: [] });
    } finally {
      await t.db.query(`UPDATE flows SET max_concurrent_runs = NULL WHERE id = $1`, [flowId]);
    }
  });
});
