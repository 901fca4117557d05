import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { jsonEqual } from '../../src/domain/flow/json.ts';

/** The same question answered the slow way: both values written with sorted keys, undefined members dropped. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
    return Object.fromEntries(Object.entries(member).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** A JSON value, with some members left undefined (zod's output may carry them; they count as absent). */
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, false, 0, 1, -0.5, '', 'a', 'b'), tie('array'), tie('object')),
  array: fc.array(tie('any'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), fc.option(tie('any'), { nil: undefined, freq: 4 }), { maxKeys: 4 }),
})).any;

/** A copy of a value with one change somewhere, or none: pairs that are mostly equal test the comparison harder than random pairs. */
const nearCopy = (original: unknown) =>
  fc.constantFrom('same', 'dropKey', 'addKey', 'changeLeaf', 'undefinedMember').map((change) => {
    const copy = structuredClone(original);
    const objects: Record<string, unknown>[] = [];
    (function collect(node: unknown) {
      if (node === null || typeof node !== 'object') return;
      if (!Array.isArray(node)) objects.push(node as Record<string, unknown>);
      for (const member of Object.values(node)) collect(member);
    })(copy);
    const target = objects[0];
    if (!target || change === 'same') return copy;
    const key = Object.keys(target)[0];
    if (change === 'dropKey' && key !== undefined) delete target[key];
    if (change === 'addKey') target.zz = 1;
    if (change === 'changeLeaf' && key !== undefined) target[key] = 'changed';
    if (change === 'undefinedMember') target.yy = undefined;
    return copy;
  });

describe('jsonEqual', () => {
  it('answers as comparing the values written with sorted keys does, undefined members counting as absent', () => {
    fc.assert(
      fc.property(
        value.chain((a) => fc.tuple(fc.constant(a), fc.oneof(nearCopy(a), value))),
        ([a, b]) => {
          expect(jsonEqual(a, b)).toBe(canonical(a) === canonical(b));
          expect(jsonEqual(b, a)).toBe(jsonEqual(a, b));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('tells an array from an object with the same members, and an inherited member from an own one', () => {
    expect(jsonEqual(['x'], { 0: 'x' })).toBe(false);
    expect(jsonEqual({ a: 1 }, Object.assign(Object.create({ b: 2 }), { a: 1 }))).toBe(true);
    expect(jsonEqual(Object.assign(Object.create({ b: 2 }), { a: 1 }), { a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: 2 }, Object.assign(Object.create({ b: 2 }), { a: 1 }))).toBe(false);
  });
});
