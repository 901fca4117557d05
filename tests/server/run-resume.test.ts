/**
 * Lease recovery resumes (issue 15, server/runs/run-resume.ts): a run whose worker died is put back in the
 * queue and the next worker resumes it from its checkpoint — the steps stored so far are not executed
 * again — instead of closing it INTERNAL_ERROR; a run whose worker dies every time ends INTERNAL_ERROR
 * after RUN_MAX_RESUMES, the step it was on saying why; a run put back counts once against the quota.
 * Real engine and sandbox; the crashed process is a claim that is never renewed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createRunExecutor } from '../../server/engine/run-executor.ts';
import { CodeSandbox } from '../../server/engine/sandbox/code-sandbox.ts';
import { claimRun, enqueueRun, recordProgress, recoverExpired } from '../../server/runs/run-queue.ts';
import { RunWorkers } from '../../server/runs/run-workers.ts';
import { runsToday } from '../../server/runs/start-run.ts';
import { workflowsForRuns } from '../../server/workflows/runs-port.ts';
import { loadConfig } from '../../server/config.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, publishedFlow } from './flows.ts';

let t: TestServer;
let sandbox: CodeSandbox;
let userId: string;
let flowId: string;
let versionId: string;

beforeAll(async () => {
  t = await startTestServer({ engine: { ...loadConfig({}).engine, workersEnabled: false } });
  sandbox = new CodeSandbox({ threads: 1, timeoutMs: 2000 });
  const user = await signedInUser(t.app);
  userId = user.id;
  // trigger → step_1 → step_2 → step_3, each a code step returning its number.
  const { flow, version } = await publishedFlow(t, user.token, chain(3));
  flowId = flow.id;
  versionId = version.id;
});
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const expired = async (runId: string) =>
  (await t.db.query<{ expired: boolean }>(`SELECT lease_until < clock_timestamp() AS expired FROM run_queue WHERE run_id = $1`, [runId])).rows[0]?.expired === true;
const stored = async (runId: string) =>
  (await t.db.query<{ status: string; steps: Array<{ stepName: string; status: string; output: unknown; error: string | null }> }>(`SELECT status, steps FROM flow_runs WHERE id = $1`, [runId])).rows[0];

/** A process that claims the oldest run, stores `steps` as its progress, and dies (its lease runs out). */
async function crashWhileRunning(steps: unknown[]): Promise<string> {
  const claimed = await claimRun(t.db, 'crashed-process', 30);
  if (!claimed) throw new Error('nothing to claim');
  if (steps.length > 0) expect(await recordProgress(t.db, claimed.runId, 'crashed-process', steps as never)).toBe(true);
  for (let i = 0; !(await expired(claimed.runId)); i++) {
    if (i > 200) throw new Error('the lease never ran out');
    await sleep(20);
  }
  return claimed.runId;
}

function workers(maxResumes: number) {
  const execute = createRunExecutor({ readVersion: workflowsForRuns(t.db).readVersion, runCode: (source, inputs) => sandbox.run(source, inputs), pieceAction: () => undefined });
  return new RunWorkers({ db: t.db, execute: (run, signal, progress, durable) => execute(run, signal, progress, durable), workerId: `next-${maxResumes}`, pollMs: 20, maxResumes });
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await condition()) return;
    await sleep(20);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a run whose worker died', () => {
  it('resumes on the next worker from its checkpoint, its finished steps not executed again', async () => {
    const before = await runsToday(t.db, userId);
    const runId = await enqueueRun(t.db, { flowId, versionId, userId, payload: { n: 1 } });
    // The dead worker had finished step_1 and was on step_2. The stored output of step_1 is not what
    // the code returns (1): kept as stored, it proves step_1 was not run again.
    await crashWhileRunning([
      { stepName: 'trigger', displayName: 'Trigger', type: 'SCHEDULE', status: 'SUCCEEDED', output: { n: 1 } },
      { stepName: 'step_1', displayName: 'Step 1', type: 'CODE', status: 'SUCCEEDED', input: {}, output: 'from the checkpoint' },
      { stepName: 'step_2', displayName: 'Step 2', type: 'CODE', status: 'RUNNING' },
    ]);
    const next = workers(3);
    await next.start();
    // Put back: the queue row waits again while flow_runs keeps the checkpoint; counted once for the quota.
    try {
      await until(async () => (await stored(runId))?.status === 'SUCCEEDED', 'the resumed run to succeed');
    } finally {
      await next.stop();
    }
    const run = (await stored(runId))!;
    expect(run.steps.map((step) => `${step.stepName}:${step.status}`)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED', 'step_3:SUCCEEDED']);
    expect(run.steps.map((step) => step.output)).toEqual([{ n: 1 }, 'from the checkpoint', 2, 3]);
    expect(await runsToday(t.db, userId)).toBe(before + 1);
    const { rows } = await t.db.query(`SELECT 1 FROM run_queue WHERE run_id = $1`, [runId]);
    expect(rows).toHaveLength(0);
  });

  it('counts a run put back once against the daily quota while it waits', async () => {
    const before = await runsToday(t.db, userId);
    const runId = await enqueueRun(t.db, { flowId, versionId, userId, payload: {} });
    await crashWhileRunning([]);
    const recovering = workers(3);
    // Only recovery: the pool is stopped before it can claim (it would not matter to the count either).
    await recoverExpired(t.db, 3);
    const { rows } = await t.db.query<{ resumes: number; claimed_by: string | null }>(`SELECT resumes, claimed_by FROM run_queue WHERE run_id = $1`, [runId]);
    expect(rows[0]).toEqual({ resumes: 1, claimed_by: null });
    expect((await stored(runId))?.status).toBe('RUNNING');
    expect(await runsToday(t.db, userId)).toBe(before + 1);
    await recovering.start();
    try {
      await until(async () => (await stored(runId))?.status === 'SUCCEEDED', 'the run to succeed');
    } finally {
      await recovering.stop();
    }
  });

  it('ends INTERNAL_ERROR, the step it was on saying why, once it killed its worker past RUN_MAX_RESUMES', async () => {
    const runId = await enqueueRun(t.db, { flowId, versionId, userId, payload: {} });
    const checkpoint = [
      { stepName: 'trigger', displayName: 'Trigger', type: 'SCHEDULE', status: 'SUCCEEDED', output: {} },
      { stepName: 'step_1', displayName: 'Step 1', type: 'CODE', status: 'RUNNING' },
    ];
    // Two crashes are resumed (RUN_MAX_RESUMES = 2); the third ends the run.
    for (let crash = 1; crash <= 3; crash++) {
      expect(await crashWhileRunning(checkpoint)).toBe(runId);
      await recoverExpired(t.db, 2);
    }
    const run = (await stored(runId))!;
    expect(run.status).toBe('INTERNAL_ERROR');
    expect(run.steps[1]).toMatchObject({ stepName: 'step_1', status: 'FAILED' });
    expect(run.steps[1]!.error).toContain('stopped 3 times');
    expect(run.steps[1]!.error).toContain('RUN_MAX_RESUMES');
    expect((await t.db.query(`SELECT 1 FROM run_queue WHERE run_id = $1`, [runId])).rows).toHaveLength(0);
  });
});
