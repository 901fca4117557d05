/**
 * Issue 16's domain parts, as properties on random flows (support/random-flows.ts):
 * - the nested form (SPEC §3, §7) survives nested → flat → nested unchanged, also through its JSON text;
 * - ADD_ACTION takes any unused step_N the caller chooses within the sparseness bound, and the next
 *   generated name stays above every name used;
 * - a router added without branches gets SPEC §4's 'Branch 1' and 'Otherwise'.
 */
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  applyOperation,
  createAction,
  createEmptyVersion,
  DEFAULT_CONDITION_ROW,
  FlowOperationError,
  fromNestedFlow,
  nextStepName,
  stepNumber,
  toNestedFlow,
  toNestedFlowJson,
  type FlatVersion,
  type FlowOperationInput,
} from '../../src/domain/index.ts';
import { flowOperationSchema } from '../../src/domain/flow/operation-schemas.ts';
import { pickArbitrary, presentNames, randomFlow } from './support/random-flows.ts';

const parseOperation = (operation: FlowOperationInput) => flowOperationSchema.parse(operation);

describe('nested → flat → nested', () => {
  it('is the identity on every generated flow, as objects and as JSON text', () => {
    let largest = 0;
    const types = new Set<string>();
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 5, maxLength: 60 }), (setup) => {
        const nested = toNestedFlow(randomFlow(setup));
        const flat = fromNestedFlow(nested, { id: 'v', flowId: 'f' });
        largest = Math.max(largest, presentNames(flat).length);
        for (const step of flat.steps) if (step) types.add(step.type);
        expect(toNestedFlow(flat)).toStrictEqual(nested);
        const text = toNestedFlowJson(flat);
        expect(toNestedFlow(fromNestedFlow(JSON.parse(text), { id: 'v', flowId: 'f' }))).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 200 },
    );
    // Not vacuous: the generator reaches flows with loops, routers and dozens of steps.
    expect(largest).toBeGreaterThan(10);
    expect([...types].sort()).toEqual(['CODE', 'LOOP_ON_ITEMS', 'PIECE', 'ROUTER']);
  });
});

/** The count of steps a version holds. */
const countOf = (v: FlatVersion) => presentNames(v).length;

describe('ADD_ACTION with a name the caller chooses', () => {
  it('accepts any unused step_N up to 4 × (steps + 1) + 1000, refuses past it, and generates names above it', () => {
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 3, maxLength: 30 }), fc.nat({ max: 1400 }), (setup, extra) => {
        const v = randomFlow(setup);
        const n = extra + 1;
        const name = `step_${n}`;
        const used = presentNames(v).includes(name);
        const bound = 4 * (countOf(v) + 1) + 1000;
        const operation = parseOperation({ type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', name) } });
        let next: FlatVersion | null = null;
        try {
          next = applyOperation(v, operation);
        } catch (error) {
          expect(error).toBeInstanceOf(FlowOperationError);
          expect((error as FlowOperationError).code).toBe('FLOW_OPERATION_INVALID');
        }
        const accepted = !used && (n < v.steps.length || n <= bound);
        expect(next !== null).toBe(accepted);
        if (!next) return;
        expect(next.trigger.next).toBe(name);
        const highest = Math.max(...presentNames(next).map(stepNumber));
        expect(stepNumber(nextStepName(next))).toBeGreaterThan(highest);
        // The generated name is accepted in turn.
        const after = applyOperation(next, parseOperation({ type: 'ADD_ACTION', request: { parentStep: name, action: createAction('CODE', nextStepName(next)) } }));
        expect(presentNames(after)).toHaveLength(countOf(v) + 2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a router added without branches', () => {
  const expected = {
    branches: [
      { branchName: 'Branch 1', branchType: 'CONDITION', conditions: [[{ ...DEFAULT_CONDITION_ROW }]] },
      { branchName: 'Otherwise', branchType: 'FALLBACK' },
    ],
    executionType: 'EXECUTE_FIRST_MATCH',
  };

  it("gets 'Branch 1' (one default row) and 'Otherwise', with an empty chain each, whether branches is empty or missing", () => {
    for (const settings of [{ branches: [] }, {}, { executionType: 'EXECUTE_FIRST_MATCH' }]) {
      const operation = parseOperation({
        type: 'ADD_ACTION',
        request: { parentStep: 'trigger', action: { name: 'step_1', type: 'ROUTER', displayName: 'Router', settings } as never },
      });
      const v = applyOperation(createEmptyVersion(), operation);
      const router = v.steps[1]!;
      expect(router.type).toBe('ROUTER');
      if (router.type !== 'ROUTER') return;
      expect(router.settings).toMatchObject(expected);
      expect(router.children).toEqual([null, null]);
      // Steps go into either branch.
      const inside = applyOperation(
        v,
        parseOperation({ type: 'ADD_ACTION', request: { parentStep: 'step_1', stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex: 1, action: createAction('CODE', 'step_2') } }),
      );
      expect(inside.steps[1]).toMatchObject({ children: [null, 'step_2'] });
    }
  });

  it('keeps the branches a request does bring', () => {
    const branches = [{ branchName: 'Only', branchType: 'FALLBACK' as const }];
    const v = applyOperation(
      createEmptyVersion(),
      parseOperation({ type: 'ADD_ACTION', request: { parentStep: 'trigger', action: { name: 'step_1', type: 'ROUTER', displayName: 'Router', settings: { branches } } } }),
    );
    expect(v.steps[1]).toMatchObject({ settings: { branches }, children: [null] });
  });
});
