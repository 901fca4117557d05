/**
 * The canvas's view of a run (src/ui/screens/editor/panels/run-overlay.ts): which iteration each loop
 * opens on (SPEC §4: 0, or the maximum for loops around the failure), which record each step
 * shows at chosen iterations, and which step failed — on nested loops built by hand.
 */
import { describe, expect, it } from '@rstest/core';
import type { RunDetail, StepRunRecord } from '../../src/api/executions-api.ts';
import {
  failedStepOf,
  initialIterations,
  runRowsAt,
  stepRecordsAt,
} from '../../src/ui/screens/editor/panels/run-overlay.ts';

type Status = StepRunRecord['status'];

const step = (stepName: string, status: Status = 'SUCCEEDED', extra: Partial<StepRunRecord> = {}): StepRunRecord => ({
  stepName,
  displayName: stepName,
  type: 'CODE',
  status,
  input: null,
  output: { from: stepName },
  error: null,
  duration: 1,
  ...extra,
});

const loop = (stepName: string, iterations: StepRunRecord[][], status: Status = 'SUCCEEDED'): StepRunRecord => ({
  ...step(stepName, status),
  type: 'LOOP_ON_ITEMS',
  iterations,
});

const run = (steps: StepRunRecord[], status: RunDetail['status'] = 'SUCCEEDED'): RunDetail => ({
  id: 'run-1',
  flowId: 'flow-1',
  workflowName: 'Flow',
  versionId: 'v1',
  status,
  startTime: '2026-01-01T00:00:00.000Z',
  finishTime: '2026-01-01T00:00:01.000Z',
  duration: 1000,
  steps,
});

/** The output marker of each shown step, by name: which iteration's record it is. */
const shown = (records: Map<string, StepRunRecord>) =>
  Object.fromEntries(Array.from(records, ([name, record]) => [name, (record.output as { at?: string } | null)?.at ?? record.status]));

/** An inner-loop body step tagged with where it ran. */
const at = (name: string, where: string, status: Status = 'SUCCEEDED') =>
  step(name, status, { output: { at: where }, ...(status === 'FAILED' ? { error: `${name} broke at ${where}` } : {}) });

/**
 * trigger → step_1 → step_2 (loop, 3 iterations) → step_6
 *   step_2's body: step_3 → step_4 (loop) ; step_4's body: step_5
 *   outer iteration i has inner iterations: i=0: 2, i=1: 4, i=2: 5
 */
function nestedRun(failure?: { outer: number; inner: number }): RunDetail {
  const innerCounts = [2, 4, 5];
  const outer = innerCounts.map((count, i) => {
    const inner = Array.from({ length: count }, (_, j) => {
      const failed = failure && failure.outer === i && failure.inner === j;
      return [at('step_5', `${i}.${j}`, failed ? 'FAILED' : 'SUCCEEDED')];
    });
    const innerFailed = failure?.outer === i;
    // The engine stops a loop at the failing iteration: later iterations are not recorded.
    const innerShown = innerFailed ? inner.slice(0, failure!.inner + 1) : inner;
    return [at('step_3', `${i}`), loop('step_4', innerShown, innerFailed ? 'FAILED' : 'SUCCEEDED')];
  });
  const outerShown = failure ? outer.slice(0, failure.outer + 1) : outer;
  const steps = [
    step('trigger'),
    step('step_1'),
    loop('step_2', outerShown, failure ? 'FAILED' : 'SUCCEEDED'),
    ...(failure ? [] : [step('step_6')]),
  ];
  return run(steps, failure ? 'FAILED' : 'SUCCEEDED');
}

describe('initialIterations', () => {
  it('opens every loop on its first iteration when nothing failed', () => {
    expect(initialIterations(nestedRun())).toEqual({ step_2: 0, step_4: 0 });
  });

  it('opens the loops around a failure in the 3rd iteration of an inner loop on the failing iterations', () => {
    const failing = nestedRun({ outer: 1, inner: 2 });
    expect(initialIterations(failing)).toEqual({ step_2: 1, step_4: 2 });
  });

  it('takes the maximum iteration of a loop containing the failed step (SPEC §4), and leaves other loops at 0', () => {
    // A loop that continued after a failed iteration (continue on failure): iterations 1 and 3 of 5 failed.
    const body = (i: number, failed: boolean) => [at('step_2', `${i}`, failed ? 'FAILED' : 'SUCCEEDED')];
    const detail = run([
      loop('step_1', [body(0, false), body(1, true), body(2, false), body(3, true), body(4, false)]),
      loop('step_3', [[at('step_4', 'a')], [at('step_4', 'b')]]),
    ]);
    expect(initialIterations(detail)).toEqual({ step_1: 4, step_3: 0 });
  });

  it('is empty for a run without loops, and ignores loops that ran no iteration', () => {
    expect(initialIterations(run([step('trigger'), step('step_1', 'FAILED')]))).toEqual({});
    expect(initialIterations(run([loop('step_1', [])]))).toEqual({});
  });
});

describe('stepRecordsAt', () => {
  it('reads each loop body from the chosen iteration, nested loops composing', () => {
    const detail = nestedRun();
    expect(shown(stepRecordsAt(detail, { step_2: 0, step_4: 0 }))).toEqual({
      trigger: 'SUCCEEDED',
      step_1: 'SUCCEEDED',
      step_2: 'SUCCEEDED',
      step_3: '0',
      step_4: 'SUCCEEDED',
      step_5: '0.0',
      step_6: 'SUCCEEDED',
    });
    expect(shown(stepRecordsAt(detail, { step_2: 2, step_4: 3 }))).toMatchObject({ step_3: '2', step_5: '2.3' });
    // A missing choice means iteration 0.
    expect(shown(stepRecordsAt(detail, { step_2: 1 }))).toMatchObject({ step_3: '1', step_5: '1.0' });
  });

  it('shows the last iteration when the choice is past the end (inner loops differ in length)', () => {
    const detail = nestedRun();
    // Outer iteration 0 ran the inner loop twice: iteration 4 of the inner loop reads its last one.
    expect(shown(stepRecordsAt(detail, { step_2: 0, step_4: 4 }))).toMatchObject({ step_5: '0.1' });
    expect(shown(stepRecordsAt(detail, { step_2: 99, step_4: -3 }))).toMatchObject({ step_3: '2', step_5: '2.0' });
  });

  it('leaves out steps the run never reached', () => {
    const failing = nestedRun({ outer: 1, inner: 2 });
    const records = stepRecordsAt(failing, initialIterations(failing));
    expect(records.has('step_6')).toBe(false);
    expect(records.get('step_5')).toMatchObject({ status: 'FAILED', error: 'step_5 broke at 1.2' });
    expect(records.get('step_4')!.status).toBe('FAILED');
    // An empty loop shows no body.
    expect(Array.from(stepRecordsAt(run([loop('step_1', []), step('step_3')]), {}).keys())).toEqual(['step_1', 'step_3']);
  });

  it('gives the rows of the panel in run order with their depth', () => {
    const rows = runRowsAt(nestedRun(), { step_2: 1, step_4: 3 });
    expect(rows.map((row) => `${'  '.repeat(row.depth)}${row.record.stepName}`)).toEqual([
      'trigger',
      'step_1',
      'step_2',
      '  step_3',
      '  step_4',
      '    step_5',
      'step_6',
    ]);
    expect(rows[5]!.loops).toEqual(['step_2', 'step_4']);
    expect((rows[5]!.record.output as { at: string }).at).toBe('1.3');
  });
});

describe('failedStepOf', () => {
  it('finds the deepest failed record along the failing iterations', () => {
    expect(failedStepOf(nestedRun({ outer: 1, inner: 2 }))).toBe('step_5');
    expect(failedStepOf(nestedRun({ outer: 0, inner: 0 }))).toBe('step_5');
  });

  it('is null when nothing failed, and the step itself outside loops', () => {
    expect(failedStepOf(nestedRun())).toBeNull();
    expect(failedStepOf(run([step('trigger'), step('step_1', 'FAILED'), step('step_2', 'SKIPPED')], 'FAILED'))).toBe('step_1');
    expect(failedStepOf(run([], 'INTERNAL_ERROR'))).toBeNull();
  });

  it('names the loop when the loop itself failed with no failing step inside', () => {
    const detail = run([loop('step_1', [[at('step_2', '0')]], 'FAILED')], 'FAILED');
    expect(failedStepOf(detail)).toBe('step_1');
    expect(initialIterations(detail)).toEqual({ step_1: 0 });
  });

  it('agrees with initialIterations: the failed step is shown at the default iterations', () => {
    for (const failure of [{ outer: 0, inner: 1 }, { outer: 2, inner: 4 }, { outer: 1, inner: 0 }]) {
      const detail = nestedRun(failure);
      const failed = failedStepOf(detail)!;
      const record = stepRecordsAt(detail, initialIterations(detail)).get(failed)!;
      expect(record.status).toBe('FAILED');
      expect(record.output).toEqual({ at: `${failure.outer}.${failure.inner}` });
    }
  });
});
