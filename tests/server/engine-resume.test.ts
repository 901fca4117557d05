/**
 * Resuming a run from stored step records (issue 15, server/engine/replay.ts): the steps an earlier
 * attempt finished are not executed again and their outputs feed the references after them; execution
 * goes on from the first unfinished step — in a chain, inside a loop (at its first unfinished iteration)
 * and inside a router's branch. Steps with side effects are checkpointed (awaited) before the next step
 * starts; pure ones are not. Real code steps in the real sandbox; the side-effecting piece is a counter.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { fromNestedFlow, type FlatVersion } from '../../src/domain/index.ts';
import { executeFlow, type EngineDeps, type StepRecord } from '../../server/engine/execute-flow.ts';
import { normalizeStep } from '../../server/runs/runs-repository.ts';
import { CodeSandbox } from '../../server/engine/sandbox/code-sandbox.ts';

let sandbox: CodeSandbox;
beforeAll(() => {
  sandbox = new CodeSandbox({ threads: 2, timeoutMs: 2000 });
});
afterAll(async () => {
  await sandbox?.close();
});

type Node = Record<string, unknown>;

const code = (name: string, body: string, input: Record<string, unknown> = {}): Node => ({
  name,
  type: 'CODE',
  displayName: name,
  valid: true,
  settings: { sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' }, input },
});
/** A step of the counting piece: records each call (a side effect), answers `{call, value}`. */
const effect = (name: string, value: string): Node => ({
  name,
  type: 'PIECE',
  displayName: name,
  valid: true,
  settings: { pieceName: '@test/counter', pieceVersion: '1.0.0', actionName: 'hit', input: { value } },
});
const loop = (name: string, items: string, body: Node): Node => ({ name, type: 'LOOP_ON_ITEMS', displayName: name, valid: true, settings: { items }, firstLoopAction: body });
const chain = (...steps: Node[]): Node => {
  for (let i = steps.length - 2; i >= 0; i--) steps[i]!.nextAction = steps[i + 1];
  return steps[0]!;
};
const flow = (...steps: Node[]): FlatVersion =>
  fromNestedFlow({ displayName: 'Resume test', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Manual', valid: true, settings: {}, nextAction: chain(...steps) } });

/** Every call of the counting piece, by the value it was given; `failOn` makes that value's call throw. */
function counter(failOn?: unknown) {
  const calls: unknown[] = [];
  const deps = (extra: Partial<EngineDeps> = {}): EngineDeps => ({
    runCode: (source, inputs) => sandbox.run(source, inputs),
    pieceAction: (pieceName) =>
      pieceName === '@test/counter'
        ? async (input) => {
            calls.push(input.value);
            if (failOn !== undefined && input.value === failOn) throw new Error(`refused ${String(input.value)}`);
            return { call: calls.length, value: input.value };
          }
        : undefined,
    userId: 'u1',
    ...extra,
  });
  return { calls, deps };
}

/** The records as the run stores them (and a resume reads them back): JSON in the API's shape. */
const stored = (records: readonly StepRecord[]): StepRecord[] => JSON.parse(JSON.stringify(records.map(normalizeStep))) as StepRecord[];
const summary = (records: readonly StepRecord[]) => records.map((record) => `${record.stepName}:${record.status}`);

describe('resuming a run from its stored steps', () => {
  it('retries from the failed step: earlier steps are kept (not executed), their outputs feed the retried one', async () => {
    const version = flow(
      code('step_1', 'return { n: inputs.n + 1 };', { n: '{{trigger.n}}' }),
      effect('step_2', 'first {{step_1.n}}'),
      effect('step_3', 'second {{step_2.call}}'),
      code('step_4', 'return inputs.x;', { x: '{{step_3.value}}' }),
    );
    const failing = counter('second 1');
    const first = await executeFlow(version, { n: 1 }, failing.deps());
    expect(first.status).toBe('FAILED');
    expect(summary(first.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED', 'step_3:FAILED']);

    const fixed = counter();
    const retried = await executeFlow(version, { n: 1 }, fixed.deps({ resumeFrom: stored(first.steps) }));
    expect(retried.status).toBe('SUCCEEDED');
    // step_2 was not called again; step_3 saw step_2's kept output (call 1 of the first attempt).
    expect(fixed.calls).toEqual(['second 1']);
    expect(retried.steps.map((step) => step.output)).toEqual([{ n: 1 }, { n: 2 }, { call: 1, value: 'first 2' }, { call: 1, value: 'second 1' }, 'second 1']);
  });

  it('checkpoints each side-effecting step before the next starts, and resumes a loop at its first unfinished iteration', async () => {
    const version = flow(loop('step_1', '{{trigger.items}}', chain(code('step_2', 'return inputs.i * 10;', { i: '{{step_1.item}}' }), effect('step_3', '{{step_2}}'))), code('step_4', 'return inputs.l.index;', { l: '{{step_1}}' }));
    const first = counter();
    const checkpoints: StepRecord[][] = [];
    const controller = new AbortController();
    // The worker "dies" right after the second iteration's side effect was checkpointed.
    const result = await executeFlow(
      version,
      { items: [1, 2, 3, 4] },
      first.deps({
        signal: controller.signal,
        checkpoint: async (steps) => {
          checkpoints.push(stored(steps));
          if (checkpoints.length === 2) controller.abort();
        },
      }),
    );
    expect(result.status).toBe('STOPPED');
    expect(first.calls).toEqual([10, 20]);
    // A checkpoint after each counter call only (code steps are pure), with that call's output in it.
    expect(checkpoints).toHaveLength(2);
    expect(checkpoints[1]![1]!.iterations!.map((iteration) => summary(iteration))).toEqual([
      ['step_2:SUCCEEDED', 'step_3:SUCCEEDED'],
      ['step_2:SUCCEEDED', 'step_3:SUCCEEDED'],
    ]);

    const second = counter();
    const resumed = await executeFlow(version, { items: [1, 2, 3, 4] }, second.deps({ resumeFrom: checkpoints[1]! }));
    expect(resumed.status).toBe('SUCCEEDED');
    expect(second.calls).toEqual([30, 40]);
    expect(resumed.steps[1]!.iterations!.map((iteration) => iteration[1]!.output)).toEqual([
      { call: 1, value: 10 },
      { call: 2, value: 20 },
      { call: 1, value: 30 },
      { call: 2, value: 40 },
    ]);
    expect(resumed.steps[2]!.output).toBe(4);
  });

  it('resumes inside a router branch, and executes everything after the first step it executes', async () => {
    const router: Node = {
      name: 'step_2',
      type: 'ROUTER',
      displayName: 'step_2',
      valid: true,
      settings: {
        executionType: 'EXECUTE_ALL_MATCH',
        branches: [
          { branchName: 'A', branchType: 'CONDITION', conditions: [[{ firstValue: '{{step_1.call}}', operator: 'NUMBER_IS_GREATER_THAN', secondValue: '0', caseSensitive: false }]] },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
      },
      children: [chain(effect('step_3', 'a1'), effect('step_4', 'a2')), null],
    };
    const version = flow(effect('step_1', 'before'), router, effect('step_5', 'after'));
    const failing = counter('a2');
    const first = await executeFlow(version, {}, failing.deps());
    expect(summary(first.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:FAILED', 'step_3:SUCCEEDED', 'step_4:FAILED']);

    const fixed = counter();
    const retried = await executeFlow(version, {}, fixed.deps({ resumeFrom: stored(first.steps) }));
    expect(retried.status).toBe('SUCCEEDED');
    expect(summary(retried.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED', 'step_3:SUCCEEDED', 'step_4:SUCCEEDED', 'step_5:SUCCEEDED']);
    expect(fixed.calls).toEqual(['a2', 'after']);

    // Records of another version (different step names at those places) are not kept: all executes.
    const other = counter();
    const renamed = stored(first.steps).map((step) => (step.stepName === 'step_1' ? { ...step, stepName: 'step_9' } : step));
    await executeFlow(version, {}, other.deps({ resumeFrom: renamed }));
    expect(other.calls).toEqual(['before', 'a1', 'a2', 'after']);
  });
});
