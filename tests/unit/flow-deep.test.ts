import { describe, expect, it } from '@rstest/core';
import {
  applyOperation,
  checkStructure,
  FlowOperationError,
  fromNestedFlow,
  stepsInOrder,
  toNestedFlow,
  toNestedFlowJson,
  type NestedAction,
} from '../../src/domain/index.ts';
import { chainFlow, type Json } from './support/nested-flows.ts';

// Long and deep flows: in the nested form a chain is as deep as it is long, so every conversion here
// would overflow the stack if anything recursed down it (Node 20: structuredClone near 2,000 levels,
// JSON.stringify near 5,000). The tests build and walk their flows with loops too.


/** Loops nested `depth` deep; each loop's body is the next loop, and a code step follows each loop. */
function nestedLoops(depth: number): Json {
  let inner: Json | undefined;
  let n = depth * 2;
  for (let level = depth; level >= 1; level--) {
    const after: Json = { name: `step_${n--}`, type: 'CODE', displayName: `After ${level}`, valid: true, settings: { input: {} } };
    const loop: Json = {
      name: `step_${n--}`,
      type: 'LOOP_ON_ITEMS',
      displayName: `Loop ${level}`,
      valid: true,
      settings: { items: '{{trigger.items}}' },
      nextAction: after,
    };
    if (inner) loop.firstLoopAction = inner;
    inner = loop;
  }
  return { displayName: 'Loops', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'Start', valid: true, settings: {}, nextAction: inner } };
}

/** Walks an exported chain with a loop, counting nodes (never recursing). */
function countNested(first: NestedAction | undefined): number {
  let count = 0;
  const stack: NestedAction[] = first ? [first] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count++;
    if (node.nextAction) stack.push(node.nextAction);
    if (node.type === 'LOOP_ON_ITEMS' && node.firstLoopAction) stack.push(node.firstLoopAction);
    if (node.type === 'ROUTER') for (const child of node.children) if (child) stack.push(child);
  }
  return count;
}

function errorOf(fn: () => unknown): FlowOperationError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FlowOperationError);
    return error as FlowOperationError;
  }
  throw new Error('expected a FlowOperationError');
}

describe('deep and long flows', () => {
  it('imports and exports a 10,000-step straight chain without recursion', () => {
    const version = fromNestedFlow(chainFlow(10_000));
    checkStructure(version);
    expect(version.steps).toHaveLength(10_001);
    expect(version.steps[10_000]).toMatchObject({ next: null, parent: { step: 'step_9999', slot: 'next' } });
    const exported = toNestedFlow(version);
    expect(countNested(exported.trigger.nextAction)).toBe(10_000);
    const again = fromNestedFlow(exported);
    expect(again.steps).toStrictEqual(version.steps);
    // as a file: JSON.stringify(exported) would overflow the stack here
    expect(fromNestedFlow(JSON.parse(toNestedFlowJson(version))).steps).toStrictEqual(version.steps);
  });

  it('imports and exports loops nested 200 deep, and edits them', () => {
    const version = fromNestedFlow(nestedLoops(200));
    checkStructure(version);
    expect(stepsInOrder(version)).toHaveLength(400);
    const innermost = version.steps[399]!;
    expect(innermost).toMatchObject({ type: 'LOOP_ON_ITEMS', parent: { step: 'step_397', slot: 'loop' } });
    const exported = toNestedFlow(version);
    expect(countNested(exported.trigger.nextAction)).toBe(400);
    expect(fromNestedFlow(exported).steps).toStrictEqual(version.steps);
    const duplicated = applyOperation(version, { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } });
    checkStructure(duplicated);
    // The outer loop holds every step but the one after it: 399 copies.
    expect(stepsInOrder(duplicated)).toHaveLength(799);
    const moved = applyOperation(version, { type: 'MOVE_ACTION', request: { name: 'step_400', newParentStep: 'trigger' } });
    checkStructure(moved);
    expect(moved.trigger.next).toBe('step_400');
    // the outer loop cannot go 200 levels down into itself, nor after a step of its own body
    for (const inside of ['step_399', 'step_400', 'step_4']) {
      expect(errorOf(() => applyOperation(version, { type: 'MOVE_ACTION', request: { name: 'step_1', newParentStep: inside } })).code).toBe(
        'FLOW_OPERATION_INVALID',
      );
    }
    checkStructure(applyOperation(version, { type: 'MOVE_ACTION', request: { name: 'step_3', newParentStep: 'step_2' } }));
  });

  it('does not recurse even 5,000 loops deep', () => {
    const version = fromNestedFlow(nestedLoops(5_000));
    checkStructure(version);
    expect(countNested(toNestedFlow(version).trigger.nextAction)).toBe(10_000);
    expect(fromNestedFlow(JSON.parse(toNestedFlowJson(version))).steps).toStrictEqual(version.steps);
  });
});
