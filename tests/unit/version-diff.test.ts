import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  applyOperation,
  createEmptyVersion,
  diffValues,
  diffVersions,
  fromNestedFlow,
  isEmptyDiff,
  stepsInOrder,
  type FieldChange,
  type FlatStep,
  type FlatVersion,
  type NewAction,
  type StepLocation,
} from '../../src/domain/index.ts';
import { completeAction, MANUAL_TRIGGER } from './support/complete-steps.ts';
import { chainFlow } from './support/nested-flows.ts';
import { pickArbitrary, presentNames, randomFlow } from './support/random-flows.ts';

const code = (name: string, input: Record<string, unknown> = {}): NewAction => {
  const action = completeAction('CODE', name) as Extract<NewAction, { type: 'CODE' }>;
  return { ...action, settings: { ...action.settings, input } };
};

/** trigger → step_1 → step_2 (loop: step_3 → step_4) → step_5 → step_6 */
function sampleFlow(): FlatVersion {
  let v = createEmptyVersion({ id: 'v1', flowId: 'f1', displayName: 'Sample' });
  const add = (parentStep: string, action: NewAction, where?: StepLocation) => {
    v = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep, action, stepLocationRelativeToParent: where } });
  };
  v = applyOperation(v, { type: 'UPDATE_TRIGGER', request: MANUAL_TRIGGER });
  add('trigger', code('step_1', { url: 'https://a.example' }));
  add('step_1', completeAction('LOOP_ON_ITEMS', 'step_2'));
  add('step_2', code('step_3'), 'INSIDE_LOOP');
  add('step_3', code('step_4'));
  add('step_2', code('step_5'));
  add('step_5', code('step_6'));
  return v;
}

const step = (v: FlatVersion, name: string): FlatStep => v.steps[Number(name.slice(5))]!;
const kinds = (v1: FlatVersion, v2: FlatVersion) => diffVersions(v1, v2).steps.map((change) => [change.name, change.kind, change.moved]);

describe('diffVersions', () => {
  it('finds nothing between a version and itself, or a copy of it', () => {
    const v = sampleFlow();
    expect(isEmptyDiff(diffVersions(v, v))).toBe(true);
    expect(isEmptyDiff(diffVersions(v, structuredClone(v)))).toBe(true);
  });

  it('names an added step once; the steps after it are not moved', () => {
    const v = sampleFlow();
    const next = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: code('step_7') } });
    expect(kinds(v, next)).toEqual([['step_7', 'added', false]]);
    expect(diffVersions(v, next).steps[0]!.after).toEqual({ chain: { kind: 'top' }, after: 'step_1' });
  });

  it('names a removed loop and its body', () => {
    const v = sampleFlow();
    const next = applyOperation(v, { type: 'DELETE_ACTION', request: { names: ['step_2'] } });
    expect(kinds(v, next)).toEqual([
      ['step_2', 'removed', false],
      ['step_3', 'removed', false],
      ['step_4', 'removed', false],
    ]);
    expect(diffVersions(v, next).counts).toEqual({ added: 0, removed: 3, changed: 0, moved: 0 });
  });

  it('lists a changed field with its old and new value, nested settings as paths', () => {
    const v = sampleFlow();
    const s1 = step(v, 'step_1');
    const next = applyOperation(v, {
      type: 'UPDATE_ACTION',
      request: { ...s1, displayName: 'Fetch', settings: { ...s1.settings, input: { url: 'https://b.example', 'odd key': [1] } } } as never,
    });
    const diff = diffVersions(v, next);
    expect(diff.steps).toHaveLength(1);
    expect(diff.steps[0]).toMatchObject({ name: 'step_1', kind: 'changed', moved: false, displayName: 'Fetch' });
    expect(diff.steps[0]!.fields).toEqual([
      { path: 'displayName', before: 'Code', after: 'Fetch' },
      { path: 'settings.input["odd key"]', before: undefined, after: [1] },
      { path: 'settings.input.url', before: 'https://a.example', after: 'https://b.example' },
    ]);
  });

  it('marks the moved step only: into a loop, and within its chain', () => {
    const v = sampleFlow();
    const intoLoop = applyOperation(v, { type: 'MOVE_ACTION', request: { name: 'step_6', newParentStep: 'step_2', stepLocationRelativeToNewParent: 'INSIDE_LOOP' } });
    expect(kinds(v, intoLoop)).toEqual([['step_6', 'moved', true]]);
    const change = diffVersions(v, intoLoop).steps[0]!;
    expect(change.before).toEqual({ chain: { kind: 'top' }, after: 'step_5' });
    expect(change.after).toEqual({ chain: { kind: 'loop', step: 'step_2' }, after: null });
    // step_5 to the front of the top chain: only step_5 moved.
    const forward = applyOperation(v, { type: 'MOVE_ACTION', request: { name: 'step_5', newParentStep: 'trigger' } });
    expect(kinds(v, forward)).toEqual([['step_5', 'moved', true]]);
  });

  it('reports the trigger and the flow name', () => {
    const v = sampleFlow();
    let next = applyOperation(v, { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } });
    next = applyOperation(next, { type: 'UPDATE_TRIGGER', request: { ...MANUAL_TRIGGER, displayName: 'Go' } });
    const diff = diffVersions(v, next);
    expect(diff.name).toEqual({ before: 'Sample', after: 'Renamed' });
    expect(diff.trigger?.fields).toEqual([{ path: 'displayName', before: 'Start', after: 'Go' }]);
    expect(diff.steps).toEqual([]);
  });

  it('ignores sample data and test results', () => {
    const v = sampleFlow();
    const s1 = step(v, 'step_1');
    const next = applyOperation(v, { type: 'UPDATE_ACTION', request: { ...s1, settings: { ...s1.settings, inputUiInfo: { sampleData: { x: 1 } } } } as never });
    expect(isEmptyDiff(diffVersions(v, next))).toBe(true);
  });

  it('compares 10,000-step versions with settings nested deeper than any call stack', () => {
    const v = fromNestedFlow(chainFlow(10_000));
    // Settings 20,000 levels deep on one step: a recursive walk would overflow.
    let deepA: Record<string, unknown> = { leaf: 'a' };
    let deepB: Record<string, unknown> = { leaf: 'b' };
    for (let i = 0; i < 20_000; i++) {
      deepA = { d: deepA };
      deepB = { d: deepB };
    }
    const steps = [...v.steps];
    const s = steps[5_000]!;
    steps[5_000] = { ...s, settings: { ...s.settings, input: { deep: deepA } } } as FlatStep;
    const withA = { ...v, steps };
    const stepsB = [...steps];
    stepsB[5_000] = { ...s, settings: { ...s.settings, input: { deep: deepB } } } as FlatStep;
    stepsB[9_999] = { ...stepsB[9_999]!, displayName: 'Renamed' };
    const diff = diffVersions(withA, { ...v, steps: stepsB });
    expect(diff.steps.map((change) => change.name)).toEqual(['step_5000', 'step_9999']);
    expect(diff.steps[0]!.fields[0]!.path).toBe(`settings.input.deep${'.d'.repeat(20_000)}.leaf`);
    expect(isEmptyDiff(diffVersions(v, v))).toBe(true);
  });
});

describe('diffValues', () => {
  it('walks arrays by index and treats a missing key like undefined', () => {
    const out: FieldChange[] = [];
    diffValues('x', { a: [1, 2], b: undefined }, { a: [1, 3, 4] }, out);
    expect(out).toEqual([
      { path: 'x.a[1]', before: 2, after: 3 },
      { path: 'x.a[2]', before: undefined, after: 4 },
    ]);
  });
});

describe('diffVersions, properties', () => {
  const flowArbitrary = fc.array(pickArbitrary, { minLength: 3, maxLength: 25 }).map(randomFlow);

  it('a version compared with itself is empty', () => {
    fc.assert(fc.property(flowArbitrary, (v) => isEmptyDiff(diffVersions(v, structuredClone(v)))), { numRuns: 150 });
  });

  it('adding a step shows exactly that step added', () => {
    fc.assert(
      fc.property(flowArbitrary, fc.nat(), (v, pick) => {
        const names = ['trigger', ...stepsInOrder(v).filter((s) => s.type !== 'ROUTER').map((s) => s.name)];
        const parentStep = names[pick % names.length]!;
        const name = `step_${v.steps.length}`;
        const next = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep, action: code(name) } });
        const diff = diffVersions(v, next);
        expect(diff.steps.map((change) => [change.name, change.kind])).toEqual([[name, 'added']]);
        expect(diff.trigger).toBeNull();
      }),
      { numRuns: 150 },
    );
  });

  it('removing a step shows exactly it and what it contained removed', () => {
    fc.assert(
      fc.property(flowArbitrary, fc.nat(), (v, pick) => {
        const names = presentNames(v);
        fc.pre(names.length > 0);
        const target = names[pick % names.length]!;
        const next = applyOperation(v, { type: 'DELETE_ACTION', request: { names: [target] } });
        const gone = presentNames(v).filter((name) => !next.steps[Number(name.slice(5))]);
        const diff = diffVersions(v, next);
        expect(diff.steps.every((change) => change.kind === 'removed')).toBe(true);
        expect(diff.steps.map((change) => change.name).sort()).toEqual(gone.sort());
        expect(gone).toContain(target);
      }),
      { numRuns: 150 },
    );
  });

  it('changing a step shows exactly that step and field changed', () => {
    fc.assert(
      fc.property(flowArbitrary, fc.nat(), fc.string({ minLength: 1, maxLength: 12 }), (v, pick, text) => {
        const steps = stepsInOrder(v);
        fc.pre(steps.length > 0);
        const target = steps[pick % steps.length]!;
        const next = applyOperation(v, { type: 'UPDATE_ACTION', request: { ...target, settings: { ...target.settings, marker: text } } as never });
        const diff = diffVersions(v, next);
        expect(diff.steps.map((change) => [change.name, change.kind])).toEqual([[target.name, 'changed']]);
        expect(diff.steps[0]!.fields).toEqual([{ path: 'settings.marker', before: undefined, after: text }]);
      }),
      { numRuns: 150 },
    );
  });
});
