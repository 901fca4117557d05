/**
 * The editor's run details against runs stored through the server's test setup (`insertRun`, as the
 * engine will store them): what GET /workflow/execution/{id} answers parses with the client's schema,
 * and the canvas overlay reads it right — each step's status at the chosen loop iterations, nested loops
 * defaulting to the iteration that failed, and the failed step found for the initial selection.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { runDetailSchema } from '../../src/api/executions-api.ts';
import { failedStepOf, initialIterations, stepRecordsAt } from '../../src/ui/screens/editor/panels/run-overlay.ts';
import { insertRun } from '../../server/runs/runs-repository.ts';
import { get, signedInUser, startTestServer, type TestServer } from './helpers.ts';
import { chain, publishedFlow } from './flows.ts';

let t: TestServer;
let token: string;
let runId: string;

const code = (stepName: string, status: 'SUCCEEDED' | 'FAILED' | 'SKIPPED', output: unknown = null) => ({
  stepName,
  displayName: stepName,
  type: 'CODE',
  status,
  input: {},
  output,
});

beforeAll(async () => {
  t = await startTestServer();
  const user = await signedInUser(t.app);
  token = user.token;
  const { flow, version } = await publishedFlow(t, token, { ...chain(1), displayName: 'Orders' });
  // step_1 loops over orders; inside, step_2 loops over lines with step_3; the 2nd line of the 3rd order fails.
  const inner = (failing: boolean) => [
    [code('step_3', 'SUCCEEDED', 1)],
    [code('step_3', failing ? 'FAILED' : 'SUCCEEDED', 2)],
  ];
  runId = await insertRun(t.db, user.id, {
    flowId: flow.id,
    versionId: version.id,
    status: 'FAILED',
    startTime: '2025-01-01T00:00:00.000Z',
    finishTime: '2025-01-01T00:00:03.000Z',
    steps: [
      { stepName: 'trigger', displayName: 'Manual', type: 'PIECE_TRIGGER', status: 'SUCCEEDED', output: { orders: 3 } },
      {
        stepName: 'step_1',
        displayName: 'Each order',
        type: 'LOOP_ON_ITEMS',
        status: 'FAILED',
        iterations: [0, 1, 2].map((order) => [
          { stepName: 'step_2', displayName: 'Each line', type: 'LOOP_ON_ITEMS', status: order === 2 ? 'FAILED' : 'SUCCEEDED', iterations: inner(order === 2) },
        ]),
      },
      code('step_4', 'SKIPPED'),
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a stored run, as the editor’s run details read it', () => {
  it('parses, selects the failed step and opens the loops at the failing iterations', async () => {
    const response = await get(t.app, `/api/workflow/execution/${runId}`, { token });
    expect(response.statusCode).toBe(200);
    const run = runDetailSchema.parse(response.json());
    expect(failedStepOf(run)).toBe('step_3');
    const iterations = initialIterations(run);
    expect(iterations).toEqual({ step_1: 2, step_2: 1 });

    const statusAt = (chosen: Record<string, number>) =>
      Object.fromEntries([...stepRecordsAt(run, chosen)].map(([name, record]) => [name, record.status]));
    expect(statusAt(iterations)).toEqual({ trigger: 'SUCCEEDED', step_1: 'FAILED', step_2: 'FAILED', step_3: 'FAILED', step_4: 'SKIPPED' });
    // Another order, another line: what ran there.
    expect(statusAt({ step_1: 0, step_2: 0 })).toMatchObject({ step_2: 'SUCCEEDED', step_3: 'SUCCEEDED' });
    expect(stepRecordsAt(run, { step_1: 2, step_2: 0 }).get('step_3')?.output).toBe(1);
  });
});
