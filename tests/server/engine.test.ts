/**
 * The engine walking real versions with code steps in the real sandbox: a linear chain with references,
 * a loop of 100 items, nested loops, routers in both execution types and the fallback, skipped steps,
 * failures that stop the run (or not, with continue on failure), a timeout, an unknown piece.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { fromNestedFlow, type FlatVersion } from '../../src/domain/index.ts';
import { executeFlow, type StepRecord } from '../../server/engine/execute-flow.ts';
import { CodeSandbox } from '../../server/engine/sandbox/code-sandbox.ts';

let sandbox: CodeSandbox;
beforeAll(() => {
  sandbox = new CodeSandbox({ threads: 2, timeoutMs: 2000 });
});
afterAll(async () => {
  await sandbox?.close();
});

type Node = Record<string, unknown>;

/** A code step whose code is `body` (it sees `inputs`), fed by `input` (which may hold references). */
const code = (name: string, body: string, input: Record<string, unknown> = {}, extra: Node = {}): Node => ({
  name,
  type: 'CODE',
  displayName: name,
  valid: true,
  settings: { sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' }, input, ...((extra.settings as Node) ?? {}) },
  ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'settings')),
});

const loop = (name: string, items: string, body: Node | null): Node => ({
  name,
  type: 'LOOP_ON_ITEMS',
  displayName: name,
  valid: true,
  settings: { items },
  ...(body ? { firstLoopAction: body } : {}),
});

const router = (name: string, executionType: string, branches: Array<{ when?: [string, string, string]; then: Node | null }>): Node => ({
  name,
  type: 'ROUTER',
  displayName: name,
  valid: true,
  settings: {
    executionType,
    branches: branches.map((branch, i) =>
      branch.when
        ? { branchName: `Branch ${i + 1}`, branchType: 'CONDITION', conditions: [[{ firstValue: branch.when[0], operator: branch.when[1], secondValue: branch.when[2], caseSensitive: false }]] }
        : { branchName: 'Otherwise', branchType: 'FALLBACK' },
    ),
  },
  children: branches.map((branch) => branch.then),
});

/** Links steps into a chain (each one's nextAction the following one) and makes the version. */
function flow(...steps: Node[]): FlatVersion {
  for (let i = steps.length - 2; i >= 0; i--) steps[i]!.nextAction = steps[i + 1];
  return fromNestedFlow({
    displayName: 'Engine test',
    trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Manual', valid: true, settings: {}, ...(steps[0] ? { nextAction: steps[0] } : {}) },
  });
}

const run = (version: FlatVersion, payload: unknown = {}) =>
  executeFlow(version, payload, { runCode: (source, inputs) => sandbox.run(source, inputs), pieceAction: () => undefined, userId: 'u1' });

const summary = (records: StepRecord[]) => records.map((record) => `${record.stepName}:${record.status}`);

describe('the engine', () => {
  it('runs a chain, resolving references to the trigger and to earlier steps', async () => {
    const result = await run(
      flow(code('step_1', 'return inputs.n * 2;', { n: '{{trigger.n}}' }), code('step_2', 'return { total: inputs.x + 1, text: inputs.text };', { x: '{{step_1}}', text: 'n is {{trigger.n}}' })),
      { n: 2 },
    );
    expect(result.status).toBe('SUCCEEDED');
    expect(summary(result.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED']);
    expect(result.steps[2]).toMatchObject({ input: { x: 4, text: 'n is 2' }, output: { total: 5, text: 'n is 2' } });
  });

  it('loops over 100 items, recording every iteration', async () => {
    const items = Array.from({ length: 100 }, (_, i) => i + 1);
    const result = await run(flow(loop('step_1', '{{trigger.items}}', code('step_2', 'return inputs.item * inputs.index;', { item: '{{step_1.item}}', index: '{{step_1.index}}' })), code('step_3', 'return inputs.loop.index;', { loop: '{{step_1}}' })), { items });
    expect(result.status).toBe('SUCCEEDED');
    const loopRecord = result.steps[1]!;
    expect(loopRecord.iterations).toHaveLength(100);
    expect(loopRecord.iterations!.map((iteration) => iteration[0]!.output)).toEqual(items.map((item, index) => item * index));
    expect(result.steps[2]).toMatchObject({ stepName: 'step_3', output: 100 });
  });

  it('runs nested loops, the inner one over the outer one’s item', async () => {
    const result = await run(
      flow(loop('step_1', '{{trigger.groups}}', loop('step_2', '{{step_1.item}}', code('step_3', 'return inputs.value * 10;', { value: '{{step_2.item}}' })))),
      { groups: [[1, 2], [3]] },
    );
    expect(result.status).toBe('SUCCEEDED');
    const outer = result.steps[1]!.iterations!;
    expect(outer.map((iteration) => iteration[0]!.iterations!.map((inner) => inner[0]!.output))).toEqual([[10, 20], [30]]);
  });

  it('routes by conditions: the first match, all matches, and the fallback when nothing matches', async () => {
    const branches = (payloadKey: string) => [
      { when: [`{{trigger.${payloadKey}}}`, 'NUMBER_IS_GREATER_THAN', '10'] as [string, string, string], then: code('step_2', "return 'big';") },
      { when: [`{{trigger.${payloadKey}}}`, 'NUMBER_IS_GREATER_THAN', '5'] as [string, string, string], then: code('step_3', "return 'medium';") },
      { then: code('step_4', "return 'small';") },
    ];
    const first = await run(flow(router('step_1', 'EXECUTE_FIRST_MATCH', branches('n'))), { n: 20 });
    expect(summary(first.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED']);
    const all = await run(flow(router('step_1', 'EXECUTE_ALL_MATCH', branches('n'))), { n: 20 });
    expect(summary(all.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_2:SUCCEEDED', 'step_3:SUCCEEDED']);
    const fallback = await run(flow(router('step_1', 'EXECUTE_ALL_MATCH', branches('n'))), { n: 1 });
    expect(summary(fallback.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SUCCEEDED', 'step_4:SUCCEEDED']);
    expect(fallback.steps[1]!.output).toEqual({ branches: [{ branchName: 'Branch 1', evaluation: false }, { branchName: 'Branch 2', evaluation: false }, { branchName: 'Otherwise', evaluation: true }] });
  });

  it('records skipped steps without running them', async () => {
    const result = await run(flow(code('step_1', "throw new Error('must not run');", {}, { skip: true }), code('step_2', 'return 1;')));
    expect(result.status).toBe('SUCCEEDED');
    expect(summary(result.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:SKIPPED', 'step_2:SUCCEEDED']);
  });

  it('stops at a failing step (the loop around it fails too), unless the step continues on failure', async () => {
    const failing = await run(flow(loop('step_1', '[1,2,3]', code('step_2', "if (inputs.item === 2) throw new Error('bad item'); return inputs.item;", { item: '{{step_1.item}}' })), code('step_3', 'return 1;')));
    expect(failing.status).toBe('FAILED');
    expect(summary(failing.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:FAILED']);
    expect(failing.steps[1]!.iterations!.map((iteration) => iteration[0]!.status)).toEqual(['SUCCEEDED', 'FAILED']);
    expect(failing.steps[1]!.error).toBe('bad item');

    const continuing = await run(
      flow(
        code('step_1', "throw new Error('ignored');", {}, { settings: { errorHandlingOptions: { continueOnFailure: { value: true } } } }),
        code('step_2', 'return inputs.previous;', { previous: '{{step_1.error}}' }),
      ),
    );
    expect(continuing.status).toBe('SUCCEEDED');
    expect(summary(continuing.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:FAILED', 'step_2:SUCCEEDED']);
    expect(continuing.steps[2]!.output).toBe('ignored');
  });

  it('ends TIMEOUT when a code step runs past its limit, and FAILED with PIECE_NOT_FOUND for an unknown piece', async () => {
    const slow = await executeFlow(flow(code('step_1', 'for (;;) {}'), code('step_2', 'return 1;')), {}, {
      runCode: (source, inputs) => sandbox.run(source, inputs, { timeoutMs: 300 }),
      pieceAction: () => undefined,
      userId: 'u1',
    });
    expect(slow.status).toBe('TIMEOUT');
    expect(summary(slow.steps)).toEqual(['trigger:SUCCEEDED', 'step_1:FAILED']);

    const unknown = await run(
      flow({ name: 'step_1', type: 'PIECE', displayName: 'Mystery', valid: true, settings: { pieceName: '@acme/nothing', pieceVersion: '1.0.0', actionName: 'go', input: {} } }),
    );
    expect(unknown.status).toBe('FAILED');
    expect(unknown.steps[1]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('PIECE_NOT_FOUND') });
  });
});
