import { describe, expect, it } from '@rstest/core';
import {
  applyOperation,
  applyOperationWithPatches,
  checkStructure,
  createAction,
  createEmptyVersion,
  nextStepName,
  stepsInOrder,
  type FlatVersion,
  type FlowOperation,
  type NewAction,
  type StepLocation,
} from '../../src/domain/index.ts';
import { completeAction, incompleteAction, MANUAL_TRIGGER } from './support/complete-steps.ts';
import { apply, refused } from './support/flow-checks.ts';

// ---- a small realistic flow, and an `apply` that checks every invariant around each operation ----

const code = (name: string, input: Record<string, unknown> = {}): NewAction => {
  const action = completeAction('CODE', name) as Extract<NewAction, { type: 'CODE' }>;
  return { ...action, settings: { ...action.settings, input } };
};

/**
 * trigger → step_1 → step_2 (loop: step_3 → step_4) → step_5 (router: [step_6 → step_7], [step_8]) → step_9
 */
function sampleFlow(): FlatVersion {
  let v = createEmptyVersion({ id: 'v1', flowId: 'f1', displayName: 'Sample' });
  const add = (parentStep: string, action: NewAction, where?: StepLocation, branchIndex?: number) => {
    v = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep, action, stepLocationRelativeToParent: where, branchIndex } });
  };
  v = applyOperation(v, { type: 'UPDATE_TRIGGER', request: MANUAL_TRIGGER });
  add('trigger', code('step_1'));
  add('step_1', completeAction('LOOP_ON_ITEMS', 'step_2'));
  add('step_2', code('step_3'), 'INSIDE_LOOP');
  add('step_3', code('step_4'));
  add('step_2', completeAction('ROUTER', 'step_5'));
  add('step_5', completeAction('PIECE', 'step_6'), 'INSIDE_BRANCH', 0);
  add('step_6', code('step_7'));
  add('step_5', code('step_8'), 'INSIDE_BRANCH', 1);
  add('step_5', code('step_9'));
  return v;
}

const order = (v: FlatVersion) => stepsInOrder(v).map((s) => s.name);
const step = (v: FlatVersion, name: string) => v.steps[Number(name.slice(5))]!;
const addOp = (parentStep: string, action: NewAction, where?: StepLocation, branchIndex?: number): FlowOperation => ({
  type: 'ADD_ACTION',
  request: { parentStep, action, stepLocationRelativeToParent: where, branchIndex },
});
const updateOf = (v: FlatVersion, name: string, change: Partial<Extract<FlowOperation, { type: 'UPDATE_ACTION' }>['request']>): FlowOperation => {
  const { parent: _p, next: _n, ...current } = step(v, name) as unknown as Record<string, unknown>;
  delete current.firstLoopStep;
  delete current.children;
  return { type: 'UPDATE_ACTION', request: { ...current, ...change } as Extract<FlowOperation, { type: 'UPDATE_ACTION' }>['request'] };
};

describe('the sample flow', () => {
  it('is built as drawn', () => {
    const v = sampleFlow();
    checkStructure(v);
    expect(order(v)).toEqual(['step_1', 'step_2', 'step_3', 'step_4', 'step_5', 'step_6', 'step_7', 'step_8', 'step_9']);
    expect(v.valid).toBe(true);
    expect(nextStepName(v)).toBe('step_10');
  });
});

describe('ADD_ACTION', () => {
  it('puts the step after its parent and moves the old successor after it', () => {
    const v = apply(sampleFlow(), addOp('step_1', code('step_10')));
    expect(order(v).slice(0, 3)).toEqual(['step_1', 'step_10', 'step_2']);
    expect(step(v, 'step_2').parent).toEqual({ step: 'step_10', slot: 'next' });
  });

  it('adds after the trigger, first in a loop and first in a branch', () => {
    let v = apply(sampleFlow(), addOp('trigger', code('step_10')));
    expect(v.trigger.next).toBe('step_10');
    v = apply(v, addOp('step_2', code('step_11'), 'INSIDE_LOOP'));
    expect(step(v, 'step_2')).toMatchObject({ firstLoopStep: 'step_11' });
    expect(step(v, 'step_11').next).toBe('step_3');
    v = apply(v, addOp('step_5', code('step_12'), 'INSIDE_BRANCH', 1));
    expect(step(v, 'step_5')).toMatchObject({ children: ['step_6', 'step_12'] });
    expect(step(v, 'step_8').parent).toEqual({ step: 'step_12', slot: 'next' });
  });

  it('gives a new loop an empty body and a new router one empty slot per branch', () => {
    let v = apply(sampleFlow(), addOp('step_9', createAction('LOOP_ON_ITEMS', 'step_10')));
    expect(step(v, 'step_10')).toMatchObject({ firstLoopStep: null });
    v = apply(v, addOp('step_10', createAction('ROUTER', 'step_11')));
    expect(step(v, 'step_11')).toMatchObject({
      children: [null, null],
      settings: {
        executionType: 'EXECUTE_FIRST_MATCH',
        branches: [
          { branchName: 'Branch 1', branchType: 'CONDITION', conditions: [[{ firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false }]] },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
      },
    });
  });

  it('judges the new step: an incomplete one is invalid whatever the request claims, and so is the version', () => {
    const v = apply(sampleFlow(), addOp('step_9', { ...incompleteAction('step_10'), valid: true }));
    expect(step(v, 'step_10').valid).toBe(false);
    expect(v).toMatchObject({ valid: false, invalidCount: 1 });
    const complete = apply(sampleFlow(), addOp('step_9', { ...code('step_10'), valid: false }));
    expect(step(complete, 'step_10').valid).toBe(true);
    expect(complete).toMatchObject({ valid: true, invalidCount: 0 });
  });

  it('copies the request: changing it afterwards does not change the flow', () => {
    const action = code('step_10', { url: 'a' });
    const v = apply(sampleFlow(), addOp('step_9', action));
    (action.settings.input as Record<string, unknown>).url = 'b';
    expect(step(v, 'step_10').settings.input).toEqual({ url: 'a' });
  });

  it('fills a hole left by a deleted step, takes a name the caller chose past the next one, and never reuses a live name', () => {
    const v = apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_1'] } });
    expect(step(apply(v, addOp('trigger', code('step_1'))), 'step_1').parent).toEqual({ step: 'trigger', slot: 'next' });
    // Activepieces clients name their own steps: step_30 when step_10 is next is fine, and the next
    // generated name stays above it.
    const chosen = apply(v, addOp('trigger', code('step_30')));
    expect(step(chosen, 'step_30').parent).toEqual({ step: 'trigger', slot: 'next' });
    expect(nextStepName(chosen)).toBe('step_31');
    refused(v, addOp('trigger', code('step_3')), 'FLOW_OPERATION_INVALID');
  });

  it('refuses a chosen name past the sparseness bound (4 × steps + 1000), naming the bound', () => {
    const v = sampleFlow();
    // 9 steps, 10 with the new one: at most step_1040.
    expect(step(apply(v, addOp('step_9', code('step_1040'))), 'step_1040').name).toBe('step_1040');
    const error = refused(v, addOp('step_9', code('step_1041')), 'FLOW_OPERATION_INVALID');
    expect(error.message).toContain('at most step_1040');
  });

  it('refuses a parent that does not exist (STEP_NOT_FOUND)', () => {
    refused(sampleFlow(), addOp('step_99', code('step_10')), 'STEP_NOT_FOUND');
    refused(sampleFlow(), addOp('nope', code('step_10')), 'STEP_NOT_FOUND');
  });

  it.each<[string, string, StepLocation, number | undefined]>([
    ['inside a loop of a code step', 'step_1', 'INSIDE_LOOP', undefined],
    ['inside a loop of a router', 'step_5', 'INSIDE_LOOP', undefined],
    ['inside a branch of a code step', 'step_1', 'INSIDE_BRANCH', 0],
    ['inside a branch of a loop', 'step_2', 'INSIDE_BRANCH', 0],
    ['inside a branch without an index', 'step_5', 'INSIDE_BRANCH', undefined],
    ['inside a branch past the last', 'step_5', 'INSIDE_BRANCH', 2],
    ['inside a negative branch', 'step_5', 'INSIDE_BRANCH', -1],
    ['inside a fractional branch', 'step_5', 'INSIDE_BRANCH', 0.5],
    ['inside the trigger as a loop', 'trigger', 'INSIDE_LOOP', undefined],
    ['inside the trigger as a router', 'trigger', 'INSIDE_BRANCH', 0],
  ])('refuses a step %s (FLOW_OPERATION_INVALID)', (_label, parent, where, branchIndex) => {
    refused(sampleFlow(), addOp(parent, code('step_10'), where, branchIndex), 'FLOW_OPERATION_INVALID');
  });

  it('refuses a duplicate name or a name that is not step_N', () => {
    expect(refused(sampleFlow(), addOp('step_9', code('step_4')), 'FLOW_OPERATION_INVALID').message).toContain('already exists');
    refused(sampleFlow(), addOp('step_9', code('trigger')), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), addOp('step_9', code('step_010')), 'FLOW_OPERATION_INVALID');
  });
});

describe('UPDATE_ACTION', () => {
  it('replaces settings and name, patching only what changed', () => {
    const v = sampleFlow();
    const result = applyOperationWithPatches(v, updateOf(v, 'step_3', { displayName: 'Renamed', settings: { input: { a: 1 } } }));
    checkStructure(result.version);
    expect(step(result.version, 'step_3')).toMatchObject({ displayName: 'Renamed', settings: { input: { a: 1 } } });
    const paths = result.patches.map((p) => p.path.join('/'));
    expect(paths).toContain('steps/3/displayName');
    expect(paths).toContain('steps/3/settings/input/a');
    expect(paths.every((p) => p.startsWith('steps/3/') || p === 'invalidCount' || p === 'valid')).toBe(true);
  });

  it('judges the step itself: a valid in the request is ignored', () => {
    const v = sampleFlow();
    const blank = { input: {}, sourceCode: { code: '  ', packageJson: '{}' } };
    const filled = { input: {}, sourceCode: { code: 'return 1', packageJson: '{}' } };
    const lied = apply(v, updateOf(v, 'step_3', { settings: blank, valid: true }));
    expect(step(lied, 'step_3').valid).toBe(false);
    const fixed = apply(lied, updateOf(lied, 'step_3', { settings: filled, valid: false }));
    expect(step(fixed, 'step_3').valid).toBe(true);
    expect(fixed.invalidCount).toBe(lied.invalidCount - 1);
  });

  it('keeps skip when the request leaves it out, drops a custom logo that is left out', () => {
    let v = apply(sampleFlow(), { type: 'SET_SKIP_ACTION', request: { names: ['step_3'], skip: true } });
    v = apply(v, updateOf(v, 'step_3', { customLogoUrl: 'https://x/logo.png' }));
    expect(step(v, 'step_3')).toMatchObject({ skip: true, customLogoUrl: 'https://x/logo.png' });
    const { customLogoUrl: _c, skip: _s, ...rest } = (updateOf(v, 'step_3', {}) as Extract<FlowOperation, { type: 'UPDATE_ACTION' }>).request;
    v = apply(v, { type: 'UPDATE_ACTION', request: rest });
    expect(step(v, 'step_3').skip).toBe(true);
    expect('customLogoUrl' in step(v, 'step_3')).toBe(false);
  });

  it('changes the type of a step that contains nothing', () => {
    let v = sampleFlow();
    v = apply(v, updateOf(v, 'step_9', { type: 'PIECE', settings: { pieceName: 'p', pieceVersion: '1.0.0', input: {} } }));
    expect(step(v, 'step_9').type).toBe('PIECE');
    v = apply(v, updateOf(v, 'step_9', { type: 'ROUTER', settings: createAction('ROUTER', 'x').settings }));
    expect(step(v, 'step_9')).toMatchObject({ type: 'ROUTER', children: [null, null] });
    v = apply(v, updateOf(v, 'step_9', { type: 'LOOP_ON_ITEMS', settings: { items: '{{step_1}}' } }));
    expect(step(v, 'step_9')).toMatchObject({ type: 'LOOP_ON_ITEMS', firstLoopStep: null });
    expect('children' in step(v, 'step_9')).toBe(false);
  });

  it('refuses to change the type of a step that holds steps, or a router branch count', () => {
    const v = sampleFlow();
    refused(v, updateOf(v, 'step_2', { type: 'CODE', settings: { input: {} } }), 'FLOW_OPERATION_INVALID');
    const router = updateOf(v, 'step_5', {}) as Extract<FlowOperation, { type: 'UPDATE_ACTION' }>;
    if (router.request.type !== 'ROUTER') throw new Error('router expected');
    const branches = [...router.request.settings.branches, { branchName: 'More', branchType: 'FALLBACK' as const }];
    refused(v, { type: 'UPDATE_ACTION', request: { ...router.request, settings: { ...router.request.settings, branches } } }, 'FLOW_OPERATION_INVALID');
  });

  it('refuses a step that does not exist, and the trigger', () => {
    const v = sampleFlow();
    refused(v, updateOf(v, 'step_3', { name: 'step_42' }), 'STEP_NOT_FOUND');
    refused(v, updateOf(v, 'step_3', { name: 'trigger' }), 'FLOW_OPERATION_INVALID');
  });
});

describe('DELETE_ACTION', () => {
  it('removes the step and re-links its successor', () => {
    const v = apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_1'] } });
    expect(v.trigger.next).toBe('step_2');
    expect(step(v, 'step_2').parent).toEqual({ step: 'trigger', slot: 'next' });
    expect(v.steps[1]).toBeNull();
  });

  it('re-links the first step of a loop body and of a branch', () => {
    let v = apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_3'] } });
    expect(step(v, 'step_2')).toMatchObject({ firstLoopStep: 'step_4' });
    expect(step(v, 'step_4').parent).toEqual({ step: 'step_2', slot: 'loop' });
    v = apply(v, { type: 'DELETE_ACTION', request: { names: ['step_8'] } });
    expect(step(v, 'step_5')).toMatchObject({ children: ['step_6', null] });
  });

  it('removes everything inside a loop or a router', () => {
    let v = apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_2'] } });
    expect(order(v)).toEqual(['step_1', 'step_5', 'step_6', 'step_7', 'step_8', 'step_9']);
    v = apply(v, { type: 'DELETE_ACTION', request: { names: ['step_5'] } });
    expect(order(v)).toEqual(['step_1', 'step_9']);
  });

  it('deletes several steps, even one already inside another deleted step', () => {
    const v = apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_2', 'step_3', 'step_9'] } });
    expect(order(v)).toEqual(['step_1', 'step_5', 'step_6', 'step_7', 'step_8']);
  });

  it('makes the version valid again when the only invalid step goes', () => {
    const v = apply(sampleFlow(), addOp('step_4', incompleteAction('step_10')));
    expect(v.valid).toBe(false);
    expect(apply(v, { type: 'DELETE_ACTION', request: { names: ['step_2'] } })).toMatchObject({ valid: true, invalidCount: 0 });
  });

  it('refuses an unknown name (even among known ones) and the trigger', () => {
    refused(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['step_1', 'step_77'] } }, 'STEP_NOT_FOUND');
    refused(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['trigger'] } }, 'FLOW_OPERATION_INVALID');
  });
});

describe('MOVE_ACTION', () => {
  const move = (name: string, newParentStep: string, where?: StepLocation, branchIndex?: number): FlowOperation => ({
    type: 'MOVE_ACTION',
    request: { name, newParentStep, stepLocationRelativeToNewParent: where, branchIndex },
  });

  it('takes the step out (the gap closes) and puts it at the new place, keeping its name', () => {
    const v = apply(sampleFlow(), move('step_1', 'step_9'));
    expect(order(v)).toEqual(['step_2', 'step_3', 'step_4', 'step_5', 'step_6', 'step_7', 'step_8', 'step_9', 'step_1']);
    expect(v.trigger.next).toBe('step_2');
  });

  it('moves a loop with its body, and leaves the steps after it behind', () => {
    const v = apply(sampleFlow(), move('step_2', 'step_5', 'INSIDE_BRANCH', 1));
    expect(step(v, 'step_1').next).toBe('step_5');
    expect(step(v, 'step_5')).toMatchObject({ children: ['step_6', 'step_2'] });
    expect(step(v, 'step_2')).toMatchObject({ next: 'step_8', firstLoopStep: 'step_3' });
  });

  it('moves into a loop, after the trigger, and after its own successor', () => {
    let v = apply(sampleFlow(), move('step_9', 'step_2', 'INSIDE_LOOP'));
    expect(step(v, 'step_2')).toMatchObject({ firstLoopStep: 'step_9' });
    v = apply(v, move('step_4', 'trigger'));
    expect(v.trigger.next).toBe('step_4');
    v = apply(v, move('step_4', 'step_1'));
    expect(order(v).slice(0, 2)).toEqual(['step_1', 'step_4']);
  });

  it('refuses unknown steps (STEP_NOT_FOUND)', () => {
    refused(sampleFlow(), move('step_99', 'step_1'), 'STEP_NOT_FOUND');
    refused(sampleFlow(), move('step_1', 'step_99'), 'STEP_NOT_FOUND');
  });

  it('refuses a step as its own parent, into its own subtree, and the trigger', () => {
    refused(sampleFlow(), move('step_1', 'step_1'), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_2', 'step_2', 'INSIDE_LOOP'), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_2', 'step_4'), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_5', 'step_7'), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('trigger', 'step_1'), 'FLOW_OPERATION_INVALID');
  });

  it('refuses bad placements', () => {
    refused(sampleFlow(), move('step_9', 'step_1', 'INSIDE_LOOP'), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_9', 'step_2', 'INSIDE_BRANCH', 0), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_9', 'step_5', 'INSIDE_BRANCH', 5), 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), move('step_9', 'trigger', 'INSIDE_LOOP'), 'FLOW_OPERATION_INVALID');
  });
});

describe('SET_SKIP_ACTION', () => {
  it('marks steps skipped and back, without touching validity', () => {
    let v = apply(sampleFlow(), { type: 'SET_SKIP_ACTION', request: { names: ['step_3', 'step_9'], skip: true } });
    expect([step(v, 'step_3').skip, step(v, 'step_9').skip, v.valid]).toEqual([true, true, true]);
    v = apply(v, { type: 'SET_SKIP_ACTION', request: { names: ['step_3'], skip: false } });
    expect(step(v, 'step_3').skip).toBe(false);
  });

  it('refuses unknown steps and the trigger', () => {
    refused(sampleFlow(), { type: 'SET_SKIP_ACTION', request: { names: ['step_3', 'step_50'], skip: true } }, 'STEP_NOT_FOUND');
    refused(sampleFlow(), { type: 'SET_SKIP_ACTION', request: { names: ['trigger'], skip: true } }, 'FLOW_OPERATION_INVALID');
  });
});

describe('UPDATE_TRIGGER', () => {
  const pieceTrigger = (valid?: boolean, settings: Record<string, unknown> = {}): FlowOperation => ({
    type: 'UPDATE_TRIGGER',
    request: {
      name: 'trigger',
      type: 'PIECE_TRIGGER',
      displayName: 'Every hour',
      // What the sender claims; the domain judges the trigger itself.
      valid,
      settings: { pieceName: '@activepieces/piece-schedule', pieceVersion: '0.1.0', triggerName: 'every_hour', input: {}, ...settings },
    },
  });

  it('changes type, name and settings and keeps the steps after it', () => {
    const v = apply(sampleFlow(), pieceTrigger(true));
    expect(v.trigger).toMatchObject({ type: 'PIECE_TRIGGER', displayName: 'Every hour', valid: true, next: 'step_1' });
    expect(apply(v, pieceTrigger(true, { triggerName: 'no_such_trigger' }))).toMatchObject({ valid: false, trigger: { valid: false } });
    const empty = apply(v, { type: 'UPDATE_TRIGGER', request: { name: 'trigger', type: 'EMPTY', displayName: 'Select Trigger', valid: true, settings: {} } });
    expect(empty).toMatchObject({ valid: false, trigger: { valid: false } });
    expect(apply(empty, pieceTrigger(false))).toMatchObject({ valid: true, trigger: { valid: true } });
  });

  it('keeps the sample data the request does not carry', () => {
    let v = apply(sampleFlow(), pieceTrigger(true, { sampleData: { sampleDataFileId: 'f1' } }));
    v = apply(v, pieceTrigger(true, { input: { hour: 1 } }));
    expect(v.trigger.settings).toMatchObject({ input: { hour: 1 }, sampleData: { sampleDataFileId: 'f1' } });
  });

  it('refuses a name that is not the trigger', () => {
    const op = pieceTrigger(true) as Extract<FlowOperation, { type: 'UPDATE_TRIGGER' }>;
    refused(sampleFlow(), { ...op, request: { ...op.request, name: 'step_1' } }, 'FLOW_OPERATION_INVALID');
    refused(sampleFlow(), { ...op, request: { ...op.request, name: 'webhook' } }, 'STEP_NOT_FOUND');
  });
});
