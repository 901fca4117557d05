import { describe, expect, it } from '@rstest/core';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, createAction, flowOperationSchema, fromNestedFlow, type FlatStep, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { createLayoutCache, layoutFlow, sameLayoutInputs } from '../../src/worker/layout/index.ts';

const apply = (version: FlatVersion, input: unknown): FlatVersion => applyOperation(version, flowOperationSchema.parse(input as FlowOperationInput));
const steps = (version: FlatVersion) => version.steps.filter((step): step is FlatStep => step !== null);
const ofType = (version: FlatVersion, type: FlatStep['type']) => steps(version).find((step) => step.type === type)!;
const update = (version: FlatVersion, step: FlatStep, change: Partial<FlatStep>) => {
  const { name, type, displayName, valid, skip, settings } = { ...step, ...change } as FlatStep;
  return apply(version, { type: 'UPDATE_ACTION', request: { name, type, displayName, valid, skip, settings } });
};

/** The layout a fresh cache gives, as text: what the canvas would draw. */
const drawn = async (version: FlatVersion) => JSON.stringify(await layoutFlow(version, createLayoutCache({ lanes: 'arithmetic' })));

describe('sameLayoutInputs', () => {
  const version = fromNestedFlow(mixedFlow(120).nested, { id: 'v1', flowId: 'f1' });

  it('calls a rename, a settings edit or a skip the same layout, and the layouts agree', async () => {
    const code = ofType(version, 'CODE');
    const edits = [
      update(version, code, { displayName: 'Renamed' }),
      update(version, code, { skip: true }),
      update(version, code, { settings: { ...code.settings, input: { changed: '1' } } } as Partial<FlatStep>),
    ];
    for (const edited of edits) {
      expect(edited).not.toBe(version);
      expect(sameLayoutInputs(version, edited)).toBe(true);
      expect(await drawn(edited)).toBe(await drawn(version));
    }
  });

  it('tells apart what moves or relabels something: an added, deleted or moved step, a branch, a branch name', async () => {
    const code = ofType(version, 'CODE');
    const router = ofType(version, 'ROUTER') as FlatStep & { type: 'ROUTER' };
    const branches = router.settings.branches.map((branch, i) => (i === 0 ? { ...branch, branchName: 'Renamed branch' } : branch));
    const edits = [
      apply(version, { type: 'ADD_ACTION', request: { parentStep: code.name, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', `step_${version.steps.length}`) } }),
      apply(version, { type: 'DELETE_ACTION', request: { names: [code.name] } }),
      apply(version, { type: 'MOVE_ACTION', request: { name: code.name, newParentStep: ofType(version, 'LOOP_ON_ITEMS').name, stepLocationRelativeToNewParent: 'INSIDE_LOOP' } }),
      apply(version, { type: 'ADD_BRANCH', request: { stepName: router.name, branchIndex: 1, branchName: 'New branch' } }),
      update(version, router, { settings: { ...router.settings, branches } } as Partial<FlatStep>),
    ];
    for (const edited of edits) {
      expect(sameLayoutInputs(version, edited)).toBe(false);
      expect(await drawn(edited)).not.toBe(await drawn(version));
    }
  });
});
