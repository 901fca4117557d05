import { describe, expect, it } from '@rstest/core';
import {
  applyOperationWithPatches,
  applyVersionPatches,
  checkStructure,
  createAction,
  fromNestedFlow,
  nextStepName,
  type FlatVersion,
  type FlowOperation,
} from '../../src/domain/index.ts';

type Json = Record<string, unknown>;

/**
 * 10,000 steps: a loop of 1,000 code steps, then a router every 50 steps with a code step in each
 * branch, the rest code steps. Built as nested JSON with loops (no recursion), then imported.
 */
function bigFlow(): FlatVersion {
  let n = 0;
  const code = (): Json => {
    n++;
    return { name: `step_${n}`, type: 'CODE', displayName: `Code ${n}`, valid: true, settings: { input: { previous: `{{step_${n - 1}.out}}` } } };
  };
  const chain = (nodes: Json[]): Json => {
    for (let i = 0; i < nodes.length - 1; i++) nodes[i]!.nextAction = nodes[i + 1];
    return nodes[0]!;
  };
  n++;
  const loop: Json = { name: `step_${n}`, type: 'LOOP_ON_ITEMS', displayName: 'Loop', valid: true, settings: { items: '[]' } };
  loop.firstLoopAction = chain(Array.from({ length: 1000 }, code));
  const main: Json[] = [loop];
  while (n < 10_000) {
    if (main.length % 50 === 0 && n <= 9_997) {
      n++;
      const router: Json = {
        name: `step_${n}`,
        type: 'ROUTER',
        displayName: 'Router',
        valid: true,
        settings: { executionType: 'EXECUTE_FIRST_MATCH', branches: [{ branchName: 'A', branchType: 'CONDITION', conditions: [[]] }, { branchName: 'B', branchType: 'FALLBACK' }] },
      };
      router.children = [code(), code()];
      main.push(router);
    } else main.push(code());
  }
  return fromNestedFlow({ displayName: 'Big', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'T', valid: true, settings: {}, nextAction: chain(main) } });
}

const big = bigFlow();

function run(operation: FlowOperation) {
  const result = applyOperationWithPatches(big, operation);
  checkStructure(result.version);
  expect(applyVersionPatches(result.version, result.inversePatches)).toStrictEqual(big);
  const untouched = big.steps.filter((step, n) => step !== null && result.version.steps[n] === step).length;
  return { ...result, bytes: JSON.stringify(result.patches).length, untouched };
}

describe('a 10,000-step flow', () => {
  it('holds 10,000 steps', () => {
    expect(big.steps.filter(Boolean)).toHaveLength(10_000);
  });

  it.each<[string, FlowOperation, number]>([
    [
      'UPDATE_ACTION',
      { type: 'UPDATE_ACTION', request: { name: 'step_5000', type: 'CODE', displayName: 'Code 5000', valid: true, settings: { input: { previous: 'typed' } } } },
      1,
    ],
    ['SET_SKIP_ACTION', { type: 'SET_SKIP_ACTION', request: { names: ['step_5000'], skip: true } }, 1],
    // the step before the new one and the one after it (the new step is not in `big`)
    ['ADD_ACTION', { type: 'ADD_ACTION', request: { parentStep: 'step_5000', action: createAction('CODE', nextStepName(big)) } }, 2],
    // the step itself, the one before it, the one after it
    ['DELETE_ACTION', { type: 'DELETE_ACTION', request: { names: ['step_5000'] } }, 3],
    // the step, its old neighbours, its new neighbours
    ['MOVE_ACTION', { type: 'MOVE_ACTION', request: { name: 'step_5000', newParentStep: 'step_9000' } }, 5],
  ])('%s touches only the steps it changes, with a small patch', (_label, operation, touched) => {
    const { bytes, untouched } = run(operation);
    expect(bytes).toBeLessThanOrEqual(2048);
    expect(untouched).toBeGreaterThanOrEqual(10_000 - touched);
  });

  it('duplicating the 1,000-step loop copies 1,001 steps and shares all others', () => {
    const { version, untouched } = run({ type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } });
    expect(version.steps.filter(Boolean)).toHaveLength(11_001);
    expect(untouched).toBeGreaterThanOrEqual(9_998);
  });
});
