import { describe, expect, it } from '@rstest/core';
import {
  applyFlowOperation,
  applyOperation,
  applyOperationWithPatches,
  checkStructure,
  createAction,
  createEmptyVersion,
  describeOperation,
  findStep,
  firstInvalidStep,
  flowOperationSchema,
  FlowOperationError,
  historyEntrySchema,
  stepsInOrder,
  toStoredContent,
  type Flow,
  type FlatVersion,
  type FlowOperation,
} from '../../src/domain/index.ts';
import { completeAction, incompleteAction, MANUAL_TRIGGER } from './support/complete-steps.ts';
import { apply, refused } from './support/flow-checks.ts';

/** trigger (valid) → step_1 → step_2 (loop: step_3) → step_4. */
function smallFlow(): FlatVersion {
  let v = createEmptyVersion({ id: 'v1', flowId: 'f1', displayName: 'Small' });
  const ops: FlowOperation[] = [
    { type: 'UPDATE_TRIGGER', request: MANUAL_TRIGGER },
    { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: createAction('CODE', 'step_1') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: completeAction('LOOP_ON_ITEMS', 'step_2') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_2', stepLocationRelativeToParent: 'INSIDE_LOOP', action: createAction('CODE', 'step_3') } },
    { type: 'ADD_ACTION', request: { parentStep: 'step_2', action: createAction('CODE', 'step_4') } },
  ];
  for (const op of ops) v = applyOperation(v, op);
  return v;
}

const importedTrigger = {
  name: 'trigger' as const,
  type: 'EMPTY' as const,
  displayName: 'Imported trigger',
  valid: true,
  settings: {},
  // The flags lie: the domain judges the empty trigger and 'use' (no code) invalid, 'fetch' valid.
  nextAction: {
    name: 'fetch',
    type: 'CODE' as const,
    displayName: 'Fetch',
    valid: false,
    settings: { input: {}, sourceCode: { code: 'return 1', packageJson: '{}' } },
    nextAction: { name: 'use', type: 'CODE' as const, displayName: 'Use', valid: true, settings: { input: { v: '{{fetch.body}}' } } },
  },
};

describe('CHANGE_NAME', () => {
  it('renames the version', () => {
    expect(apply(smallFlow(), { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } }).displayName).toBe('Renamed');
  });
});

describe('IMPORT_FLOW', () => {
  it('replaces the name, the trigger and every step', () => {
    const v = apply(smallFlow(), { type: 'IMPORT_FLOW', request: { displayName: 'Imported', trigger: importedTrigger } });
    expect(v.displayName).toBe('Imported');
    expect(v.trigger.displayName).toBe('Imported trigger');
    expect(stepsInOrder(v).map((s) => `${s.name}:${s.displayName}`)).toEqual(['step_1:Fetch', 'step_2:Use']);
    expect(v.steps[2]!.settings.input).toEqual({ v: '{{step_1.body}}' });
    expect(v.steps).toHaveLength(3);
    expect(v).toMatchObject({ id: 'v1', flowId: 'f1', valid: false, invalidCount: 2, trigger: { valid: false } });
    expect([v.steps[1]!.valid, v.steps[2]!.valid]).toEqual([true, false]);
  });

  it('refuses a malformed flow with VALIDATION and changes nothing', () => {
    const bad = { ...importedTrigger, nextAction: { ...importedTrigger.nextAction, type: 'BRANCH' } };
    refused(smallFlow(), { type: 'IMPORT_FLOW', request: { displayName: 'x', trigger: bad as never } }, 'VALIDATION');
  });
});

describe('locking and publishing', () => {
  it('LOCK_FLOW and LOCK_AND_PUBLISH lock the version; locking again changes nothing', () => {
    const locked = apply(smallFlow(), { type: 'LOCK_FLOW', request: {} });
    expect(locked.state).toBe('LOCKED');
    expect(apply(locked, { type: 'LOCK_AND_PUBLISH', request: {} })).toStrictEqual(locked);
    expect(apply(smallFlow(), { type: 'LOCK_AND_PUBLISH', request: { status: 'DISABLED' } }).state).toBe('LOCKED');
  });

  it('a locked version refuses every edit (FLOW_OPERATION_INVALID)', () => {
    const locked = applyOperation(smallFlow(), { type: 'LOCK_FLOW', request: {} });
    const edits: FlowOperation[] = [
      { type: 'ADD_ACTION', request: { parentStep: 'step_4', action: createAction('CODE', 'step_5') } },
      { type: 'UPDATE_ACTION', request: { ...createAction('CODE', 'step_1'), valid: true } },
      { type: 'DELETE_ACTION', request: { names: ['step_1'] } },
      { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } },
      { type: 'MOVE_ACTION', request: { name: 'step_1', newParentStep: 'step_4' } },
      { type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: true } },
      { type: 'ADD_BRANCH', request: { stepName: 'step_2', branchIndex: 0, branchName: 'x' } },
      { type: 'DELETE_BRANCH', request: { stepName: 'step_2', branchIndex: 0 } },
      { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_2', branchIndex: 0 } },
      { type: 'UPDATE_TRIGGER', request: { name: 'trigger', type: 'EMPTY', displayName: 'x', settings: {} } },
      { type: 'CHANGE_NAME', request: { displayName: 'x' } },
      { type: 'IMPORT_FLOW', request: { displayName: 'x', trigger: importedTrigger } },
      { type: 'USE_AS_DRAFT', request: { versionId: 'v0', version: toStoredContent(smallFlow()) } },
    ];
    for (const edit of edits) refused(locked, edit, 'FLOW_OPERATION_INVALID');
  });

  it('flow-level operations leave the version as it is, locked or not', () => {
    const locked = applyOperation(smallFlow(), { type: 'LOCK_FLOW', request: {} });
    const result = applyOperationWithPatches(locked, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } });
    expect(result).toEqual({ version: locked, patches: [], inversePatches: [] });
    expect(applyOperation(locked, { type: 'CHANGE_FOLDER', request: { folderId: 'x' } })).toBe(locked);
  });
});

describe('USE_AS_DRAFT', () => {
  it('makes the draft a copy of the given version content', () => {
    const source = applyOperation(smallFlow(), { type: 'CHANGE_NAME', request: { displayName: 'Published' } });
    const draft = apply(createEmptyVersion({ id: 'v2', flowId: 'f1' }), { type: 'USE_AS_DRAFT', request: { versionId: 'v1', version: toStoredContent(source) } });
    expect(draft).toStrictEqual({ ...source, id: 'v2' });
  });

  it('refuses broken content with VALIDATION', () => {
    const content = toStoredContent(smallFlow());
    content.steps[0] = { ...content.steps[0]!, next: 'step_9' };
    refused(createEmptyVersion(), { type: 'USE_AS_DRAFT', request: { versionId: 'v1', version: content } }, 'VALIDATION');
  });
});

describe('applyFlowOperation', () => {
  const flow: Flow & { name: string } = { id: 'f1', name: 'kept', status: 'DISABLED', folderId: null, publishedVersionId: null };

  it('changes status and folder', () => {
    expect(applyFlowOperation(flow, { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } })).toEqual({ ...flow, status: 'ENABLED' });
    expect(applyFlowOperation(flow, { type: 'CHANGE_FOLDER', request: { folderId: 'folder-1' } })).toEqual({ ...flow, folderId: 'folder-1' });
  });

  it('publishes: the published version, enabled unless asked otherwise', () => {
    expect(applyFlowOperation(flow, { type: 'LOCK_AND_PUBLISH', request: {} }, { versionId: 'v7' })).toEqual({
      ...flow,
      publishedVersionId: 'v7',
      status: 'ENABLED',
    });
    expect(applyFlowOperation(flow, { type: 'LOCK_AND_PUBLISH', request: { status: 'DISABLED' } }, { versionId: 'v7' }).status).toBe('DISABLED');
    expect(() => applyFlowOperation(flow, { type: 'LOCK_AND_PUBLISH', request: {} })).toThrow(FlowOperationError);
  });

  it('returns the flow itself for version operations', () => {
    expect(applyFlowOperation(flow, { type: 'CHANGE_NAME', request: { displayName: 'x' } })).toBe(flow);
  });
});

describe('reading a version', () => {
  it('an empty version has the empty, invalid trigger and no steps', () => {
    const v = createEmptyVersion({ id: 'v', flowId: 'f' });
    checkStructure(v);
    expect(v).toMatchObject({ state: 'DRAFT', valid: false, invalidCount: 1, steps: [null], trigger: { type: 'EMPTY', next: null } });
    expect(firstInvalidStep(v)).toBe('trigger');
  });

  it('firstInvalidStep finds the first invalid step in flow order, null when valid', () => {
    let v = smallFlow();
    expect(firstInvalidStep(v)).toBeNull();
    v = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep: 'step_2', action: incompleteAction('step_5') } });
    v = applyOperation(v, { type: 'ADD_ACTION', request: { parentStep: 'step_3', action: incompleteAction('step_6') } });
    expect(firstInvalidStep(v)).toBe('step_6');
  });

  it('findStep finds steps and the trigger by name', () => {
    const v = smallFlow();
    expect(findStep(v, 'step_3')).toMatchObject({ name: 'step_3', parent: { step: 'step_2', slot: 'loop' } });
    expect(findStep(v, 'trigger')).toBe(v.trigger);
    expect(findStep(v, 'step_99')).toBeUndefined();
    expect(findStep(v, 'nonsense')).toBeUndefined();
  });
});

describe('operation requests at the boundary', () => {
  it('parse the Activepieces shapes and fill defaults', () => {
    const parsed = flowOperationSchema.parse({
      type: 'ADD_ACTION',
      request: { parentStep: 'step_1', action: { name: 'step_2', type: 'CODE', displayName: 'Code', valid: true, settings: { sourceCode: { code: 'x' } } } },
    });
    expect(parsed).toEqual({
      type: 'ADD_ACTION',
      request: { parentStep: 'step_1', action: { name: 'step_2', type: 'CODE', displayName: 'Code', valid: true, settings: { sourceCode: { code: 'x', packageJson: '{}' }, input: {} } } },
    });
    expect(flowOperationSchema.safeParse({ type: 'DELETE_ACTION', request: { names: ['step_1'] } }).success).toBe(true);
    expect(flowOperationSchema.safeParse({ type: 'USE_AS_DRAFT', request: { versionId: 'v', version: toStoredContent(smallFlow()) } }).success).toBe(true);
  });

  it.each([
    ['an unknown type', { type: 'PASTE', request: {} }],
    ['a step name that is not step_N', { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: { ...createAction('CODE', 'step_1'), name: 'code' } } }],
    ['no names to delete', { type: 'DELETE_ACTION', request: { names: [] } }],
    ['a fractional branch index', { type: 'ADD_BRANCH', request: { stepName: 'step_1', branchIndex: 0.5, branchName: 'x' } }],
    ['a bad location', { type: 'MOVE_ACTION', request: { name: 'step_1', newParentStep: 'step_2', stepLocationRelativeToNewParent: 'INSIDE_TRUE_BRANCH' } }],
    ['an import whose trigger is not an object', { type: 'IMPORT_FLOW', request: { displayName: 'x', trigger: 'trigger' } }],
    ['a bad status', { type: 'CHANGE_STATUS', request: { status: 'ON' } }],
  ])('refuse %s', (_label, input) => {
    expect(flowOperationSchema.safeParse(input).success).toBe(false);
  });
});

describe('history entries', () => {
  it('hold the operation and its patches, described for people', () => {
    const operation: FlowOperation = { type: 'DELETE_ACTION', request: { names: ['step_1'] } };
    const result = applyOperationWithPatches(smallFlow(), operation);
    const entry = { id: 'h1', timestamp: 1_700_000_000_000, description: describeOperation(operation), operation, ...result, version: undefined };
    const parsed = historyEntrySchema.parse(entry);
    expect(parsed.description).toBe('Delete step step_1');
    expect(parsed.inversePatches).toEqual(result.inversePatches);
    expect(describeOperation({ type: 'ADD_BRANCH', request: { stepName: 'step_5', branchIndex: 0, branchName: 'x' } })).toBe('Add branch 1 of step_5');
    expect(describeOperation({ type: 'SET_SKIP_ACTION', request: { names: ['step_2'], skip: false } })).toBe('Unskip step step_2');
  });
});
