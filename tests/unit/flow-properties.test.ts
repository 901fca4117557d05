import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  applyOperationWithPatches,
  applyVersionPatches,
  checkStructure,
  FlowOperationError,
  fromNestedFlow,
  fromStoredVersion,
  STEP_NAME_PATTERN,
  stepsInOrder,
  stepValidity,
  toNestedFlow,
  toNestedFlowJson,
  toStoredVersion,
  triggerValidity,
  type FlatVersion,
} from '../../src/domain/index.ts';
import { NEVER_REFUSED, pickArbitrary, presentNames, randomFlow, toOperation, trimmed, type Pick } from './support/random-flows.ts';

/**
 * Random operation sequences on random flows (support/random-flows.ts). Each operation is drawn as a
 * handful of numbers and read against the current version, so it usually names real steps, and
 * sometimes a missing one, the trigger, a bad placement or a taken name: the refusals are exercised as
 * much as the edits.
 */

/** How many operations of each type applied and were refused: the property must not be vacuous. */
const tally = new Map<string, { applied: number; refused: number; maxSteps: number }>();
function count(type: string, applied: boolean, steps: number): void {
  const entry = tally.get(type) ?? { applied: 0, refused: 0, maxSteps: 0 };
  if (applied) entry.applied++;
  else entry.refused++;
  entry.maxSteps = Math.max(entry.maxSteps, steps);
  tally.set(type, entry);
}

/** Applies `p` to `v` and checks every invariant; returns the next version (or `v` after a refusal). */
function stepAndCheck(v: FlatVersion, p: Pick, earlier: FlatVersion): FlatVersion {
  const operation = toOperation(v, p, earlier);
  const before = structuredClone(v);
  let result: ReturnType<typeof applyOperationWithPatches>;
  try {
    result = applyOperationWithPatches(v, operation);
  } catch (error) {
    expect(error).toBeInstanceOf(FlowOperationError);
    expect(v).toStrictEqual(before);
    count(operation.type, false, presentNames(v).length);
    return v;
  }
  count(operation.type, true, presentNames(result.version).length);
  const next = result.version;
  expect(v).toStrictEqual(before);
  checkStructure(next);
  expect(presentNames(next).every((name) => STEP_NAME_PATTERN.test(name))).toBe(true);
  expect(new Set(presentNames(next)).size).toBe(presentNames(next).length);
  expect(next.valid).toBe(next.trigger.valid && stepsInOrder(next).every((s) => s.valid));
  // Whatever `valid` the request claimed (the generator claims at random), the rules decide.
  expect(next.trigger.valid).toBe(triggerValidity(next.trigger));
  expect(stepsInOrder(next).every((s) => s.valid === stepValidity(s))).toBe(true);
  expect(applyVersionPatches(next, result.inversePatches)).toStrictEqual(v);
  expect(applyVersionPatches(v, result.patches)).toStrictEqual(next);
  return next;
}

/** Random flows, then random operations on them, every invariant checked after each operation. */
function checkRandomSequences(parameters: fc.Parameters<[Pick[], Pick[]]>): void {
  fc.assert(
    fc.property(fc.array(pickArbitrary, { minLength: 5, maxLength: 25 }), fc.array(pickArbitrary, { minLength: 10, maxLength: 30 }), (setup, picks) => {
      let v = randomFlow(setup);
      const start = v;
      for (const p of picks) v = stepAndCheck(v, p, start);
    }),
    parameters,
  );
}

describe('random operation sequences', () => {
  it('keep every invariant, undo and redo exactly, and never mutate their input', () => {
    // A fresh seed each run keeps exploring; a failure prints the seed and the shrunk counterexample.
    checkRandomSequences({ numRuns: 200 });
  });

  it('reach every operation, applied and refused, on flows past 20 steps (a fixed seed: the generator is not left to luck)', () => {
    // (console.table(Object.fromEntries(tally)) after the run shows how often each operation applied.)
    tally.clear();
    checkRandomSequences({ numRuns: 200, seed: 20261122 });
    if (process.env.FLOW_TALLY) console.table(Object.fromEntries(tally));
    const types = [...tally.keys()].sort();
    expect(types).toHaveLength(17);
    const weak = [...tally].filter(([type, t]) => t.applied === 0 || (t.refused === 0 && !NEVER_REFUSED.has(type)));
    expect(weak).toEqual([]);
    expect(Math.max(...[...tally.values()].map((t) => t.maxSteps))).toBeGreaterThan(20);
  });

  it('undoing a whole sequence, newest first, gives back the start', () => {
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 5, maxLength: 25 }), fc.array(pickArbitrary, { minLength: 10, maxLength: 30 }), (setup, picks) => {
        const start = randomFlow(setup);
        let v = start;
        const inverses: ReturnType<typeof applyOperationWithPatches>['inversePatches'][] = [];
        for (const p of picks) {
          try {
            const result = applyOperationWithPatches(v, toOperation(v, p, start));
            inverses.push(result.inversePatches);
            v = result.version;
          } catch (error) {
            if (!(error instanceof FlowOperationError)) throw error;
          }
        }
        for (let i = inverses.length - 1; i >= 0; i--) v = applyVersionPatches(v, inverses[i]!);
        expect(v).toStrictEqual(start);
      }),
      { numRuns: 100 },
    );
  });

  it('round-trip through the stored and the nested forms', () => {
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 5, maxLength: 40 }), (setup) => {
        const v = randomFlow(setup);
        expect(fromStoredVersion(JSON.parse(JSON.stringify(toStoredVersion(v))))).toStrictEqual(trimmed(v));
        expect(fromNestedFlow(toNestedFlow(v), { id: v.id, flowId: v.flowId })).toStrictEqual(trimmed(v));
        expect(toNestedFlowJson(v)).toBe(JSON.stringify(toNestedFlow(v)));
      }),
      { numRuns: 200 },
    );
  });
});
