import { describe, expect, it } from '@rstest/core';
import {
  applyOperationWithPatches,
  applyVersionPatches,
  checkStructure,
  fromNestedFlow,
  rewriteReferences,
  stepsInOrder,
  type FlatRouterStep,
  type FlatVersion,
  type FlowErrorCode,
  type FlowOperation,
} from '../../src/domain/index.ts';
import { MANUAL_TRIGGER } from './support/complete-steps.ts';
import { apply, refused } from './support/flow-checks.ts';

type Json = Record<string, unknown>;

/**
 * trigger → step_1 (fetch) → step_2 (loop over step_1's items: step_3 → step_4) → step_5 (router:
 * [step_6 → step_7], [empty], [fallback: step_8]) → step_9. Settings reference each other the way real
 * flows do, and carry sample data from earlier test runs.
 */
function referenceFlow(): FlatVersion {
  const sample = { sampleDataFileId: 'file-9', sampleDataInputFileId: 'file-10', lastTestDate: '2024-01-01', currentSelectedData: { a: 1 }, customizedInputs: { url: true } };
  const codeStep = (name: string, input: Json, extra: Json = {}): Json => ({
    name,
    type: 'CODE',
    displayName: `Code ${name}`,
    valid: true,
    settings: { sourceCode: { code: `return {{${name}.previous}} + "{{step_1.body}}";`, packageJson: '{}' }, input, inputUiInfo: { ...sample }, ...extra },
  });
  const step4 = codeStep('step_4', { item: '{{step_2.item}}', fromBody: '{{step_3.value}}', outside: '{{step_1.body.id}}', prop: '{{step_9.step_3}}' });
  const step3 = { ...codeStep('step_3', { item: '{{step_2.item}}' }), nextAction: step4 };
  const step7 = codeStep('step_7', { x: '{{step_6.body}}' });
  const step6 = {
    name: 'step_6',
    type: 'PIECE',
    displayName: 'Send',
    valid: false,
    skip: true,
    settings: { pieceName: 'p', pieceVersion: '1.0.0', input: { to: '{{step_5}}' }, sampleData: { ...sample } },
    nextAction: step7,
  };
  const step9 = codeStep('step_9', { all: '{{step_4.value}} and {{step_7.x}}' });
  const router = {
    name: 'step_5',
    type: 'ROUTER',
    displayName: 'Route',
    valid: true,
    settings: {
      executionType: 'EXECUTE_ALL_MATCH',
      branches: [
        { branchName: 'Paid', branchType: 'CONDITION', conditions: [[{ firstValue: '{{step_6.status}}', secondValue: '{{step_1.body.state}}', operator: 'TEXT_EXACTLY_MATCHES', caseSensitive: true }]] },
        { branchName: 'Empty', branchType: 'CONDITION', conditions: [[{ firstValue: '{{step_1.body.x}}', secondValue: '', operator: 'EXISTS', caseSensitive: false }]] },
        { branchName: 'Otherwise', branchType: 'FALLBACK' },
      ],
      inputUiInfo: { ...sample },
    },
    children: [step6, null, codeStep('step_8', {})],
    nextAction: step9,
  };
  const loop = {
    name: 'step_2',
    type: 'LOOP_ON_ITEMS',
    displayName: 'Each item',
    valid: true,
    settings: { items: '{{step_1.body.items}}', inputUiInfo: { ...sample } },
    firstLoopAction: step3,
    nextAction: router,
  };
  const first = { ...codeStep('step_1', { url: 'https://x' }), nextAction: loop };
  return fromNestedFlow({ displayName: 'Refs', trigger: { name: 'trigger', type: 'PIECE_TRIGGER', displayName: 'Start', valid: true, settings: MANUAL_TRIGGER.settings, nextAction: first } });
}

const order = (v: FlatVersion) => stepsInOrder(v).map((s) => s.name);
const step = (v: FlatVersion, name: string) => v.steps[Number(name.slice(5))]!;
const settingsOf = (v: FlatVersion, name: string) => step(v, name).settings as Json;

describe('DUPLICATE_ACTION', () => {
  it('puts a copy of a step right after it, named "<displayName> Copy" with the next free step_N', () => {
    const v = apply(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_9' } });
    expect(order(v).slice(-2)).toEqual(['step_9', 'step_10']);
    expect(step(v, 'step_10')).toMatchObject({ displayName: 'Code step_9 Copy', next: null, parent: { step: 'step_9', slot: 'next' } });
  });

  it('copies a loop with its body, in flow order, and rewrites references between copied steps', () => {
    const v = apply(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_2' } });
    expect(order(v).slice(0, 8)).toEqual(['step_1', 'step_2', 'step_3', 'step_4', 'step_10', 'step_11', 'step_12', 'step_5']);
    expect(stepsInOrder(v).slice(4, 7).map((s) => s.displayName)).toEqual(['Each item Copy', 'Code step_3 Copy', 'Code step_4 Copy']);
    // loop items point outside the copy: unchanged
    expect(settingsOf(v, 'step_10').items).toBe('{{step_1.body.items}}');
    // inputs: references to copied steps follow, others stay, properties named like steps stay
    expect(settingsOf(v, 'step_12').input).toEqual({
      item: '{{step_10.item}}',
      fromBody: '{{step_11.value}}',
      outside: '{{step_1.body.id}}',
      prop: '{{step_9.step_3}}',
    });
    // code is rewritten too
    expect((settingsOf(v, 'step_11').sourceCode as Json).code).toBe('return {{step_11.previous}} + "{{step_1.body}}";');
    // the original is untouched
    expect(settingsOf(v, 'step_4').input).toMatchObject({ item: '{{step_2.item}}', fromBody: '{{step_3.value}}' });
    expect(step(v, 'step_10')).toMatchObject({ firstLoopStep: 'step_11', next: 'step_5' });
    expect(step(v, 'step_5').parent).toEqual({ step: 'step_10', slot: 'next' });
  });

  it('copies a router with its branches and rewrites branch conditions', () => {
    const v = apply(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_5' } });
    const copy = step(v, 'step_10') as FlatRouterStep;
    expect(copy.children).toEqual(['step_11', null, 'step_13']);
    expect(step(v, 'step_12')).toMatchObject({ parent: { step: 'step_11', slot: 'next' }, displayName: 'Code step_7 Copy' });
    expect(copy.settings.branches[0]).toMatchObject({
      conditions: [[{ firstValue: '{{step_11.status}}', secondValue: '{{step_1.body.state}}' }]],
    });
    expect(settingsOf(v, 'step_12').input).toEqual({ x: '{{step_11.body}}' });
    expect(settingsOf(v, 'step_11').input).toEqual({ to: '{{step_10}}' });
  });

  it('clears sample data and last-test fields in the copies only, keeping the rest of their UI info', () => {
    const v = apply(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_5' } });
    expect(settingsOf(v, 'step_10').inputUiInfo).toEqual({ customizedInputs: { url: true } });
    expect(settingsOf(v, 'step_11').sampleData).toEqual({ customizedInputs: { url: true } });
    expect(settingsOf(v, 'step_13').inputUiInfo).toEqual({ customizedInputs: { url: true } });
    expect(settingsOf(v, 'step_5').inputUiInfo).toMatchObject({ sampleDataFileId: 'file-9', lastTestDate: '2024-01-01' });
    expect(settingsOf(v, 'step_6').sampleData).toMatchObject({ sampleDataFileId: 'file-9' });
  });

  it('judges the copies as their originals (same configuration), keeps skip, and counts copied invalid steps', () => {
    const source = referenceFlow();
    expect(source.invalidCount).toBe(1);
    const v = apply(source, { type: 'DUPLICATE_ACTION', request: { stepName: 'step_5' } });
    expect(step(v, 'step_11')).toMatchObject({ valid: false, skip: true });
    expect(v.invalidCount).toBe(2);
  });

  it('refuses an unknown step and the trigger', () => {
    refused(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_99' } }, 'STEP_NOT_FOUND');
    refused(referenceFlow(), { type: 'DUPLICATE_ACTION', request: { stepName: 'trigger' } }, 'FLOW_OPERATION_INVALID');
  });

  it('copies a 1,000-step loop inside a 10,000-step flow', () => {
    const body = Array.from({ length: 1000 }, (_, i) => ({
      name: `step_${i + 2}`,
      type: 'CODE',
      displayName: `Body ${i}`,
      valid: true,
      settings: { input: { prev: `{{step_${i + 1}.value}}` } },
    }));
    const tail = Array.from({ length: 8999 }, (_, i) => ({ name: `step_${i + 1002}`, type: 'CODE', displayName: `Tail ${i}`, valid: true, settings: { input: {} } }));
    for (let i = 0; i < body.length - 1; i++) (body[i] as Json).nextAction = body[i + 1];
    for (let i = 0; i < tail.length - 1; i++) (tail[i] as Json).nextAction = tail[i + 1];
    const loop = { name: 'step_1', type: 'LOOP_ON_ITEMS', displayName: 'Big', valid: true, settings: { items: '[]' }, firstLoopAction: body[0], nextAction: tail[0] };
    const v = fromNestedFlow({ displayName: 'Big', trigger: { name: 'trigger', type: 'EMPTY', displayName: 'T', valid: true, settings: {}, nextAction: loop } });
    const result = applyOperationWithPatches(v, { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } });
    checkStructure(result.version);
    expect(result.version.steps).toHaveLength(10_001 + 1001);
    expect(result.version.steps[10_002]).toMatchObject({ name: 'step_10002', settings: { input: { prev: '{{step_10001.value}}' } } });
    expect(applyVersionPatches(result.version, result.inversePatches).steps).toHaveLength(10_001);
  });
});

describe('branches', () => {
  const router = (v: FlatVersion) => step(v, 'step_5') as FlatRouterStep;

  it('ADD_BRANCH inserts a condition branch with the default row and shifts the later branches', () => {
    const v = apply(referenceFlow(), { type: 'ADD_BRANCH', request: { stepName: 'step_5', branchIndex: 0, branchName: 'First' } });
    expect(router(v).settings.branches.map((b) => b.branchName)).toEqual(['First', 'Paid', 'Empty', 'Otherwise']);
    expect(router(v).settings.branches[0]).toEqual({
      branchName: 'First',
      branchType: 'CONDITION',
      conditions: [[{ firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false }]],
    });
    expect(router(v).children).toEqual([null, 'step_6', null, 'step_8']);
    expect(step(v, 'step_6').parent).toEqual({ step: 'step_5', slot: 1 });
    expect(step(v, 'step_8').parent).toEqual({ step: 'step_5', slot: 3 });
  });

  it('ADD_BRANCH takes given conditions, at the end too', () => {
    const conditions = [[{ firstValue: '{{step_1.a}}', secondValue: '1', operator: 'NUMBER_IS_EQUAL_TO' as const, caseSensitive: false }]];
    const v = apply(referenceFlow(), { type: 'ADD_BRANCH', request: { stepName: 'step_5', branchIndex: 3, branchName: 'Last', conditions } });
    expect(router(v).settings.branches[3]).toMatchObject({ branchName: 'Last', conditions });
  });

  it('DELETE_BRANCH removes the branch with its steps and shifts the later ones', () => {
    const v = apply(referenceFlow(), { type: 'DELETE_BRANCH', request: { stepName: 'step_5', branchIndex: 0 } });
    expect(router(v).children).toEqual([null, 'step_8']);
    expect(v.steps[6]).toBeNull();
    expect(v.steps[7]).toBeNull();
    expect(step(v, 'step_8').parent).toEqual({ step: 'step_5', slot: 1 });
    expect(v.valid).toBe(true);
  });

  it('DUPLICATE_BRANCH inserts "<branchName> Copy" right after, with its steps copied under new names', () => {
    const v = apply(referenceFlow(), { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_5', branchIndex: 0 } });
    expect(router(v).settings.branches.map((b) => b.branchName)).toEqual(['Paid', 'Paid Copy', 'Empty', 'Otherwise']);
    expect(router(v).children).toEqual(['step_6', 'step_10', null, 'step_8']);
    expect(step(v, 'step_10')).toMatchObject({ displayName: 'Send Copy', next: 'step_11', parent: { step: 'step_5', slot: 1 } });
    expect(settingsOf(v, 'step_11').input).toEqual({ x: '{{step_10.body}}' });
    expect(router(v).settings.branches[1]).toMatchObject({ conditions: [[{ firstValue: '{{step_10.status}}' }]] });
    expect(step(v, 'step_8').parent).toEqual({ step: 'step_5', slot: 3 });
  });

  it('DUPLICATE_BRANCH copies an empty branch, and turns a copied fallback into a default condition branch', () => {
    let v = apply(referenceFlow(), { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_5', branchIndex: 1 } });
    expect(router(v).children).toEqual(['step_6', null, null, 'step_8']);
    v = apply(v, { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_5', branchIndex: 3 } });
    expect(router(v).settings.branches[4]).toMatchObject({ branchName: 'Otherwise Copy', branchType: 'CONDITION' });
    expect(step(v, 'step_10')).toMatchObject({ displayName: 'Code step_8 Copy', parent: { step: 'step_5', slot: 4 } });
  });

  it.each<[string, FlowOperation, FlowErrorCode]>([
    ['add to an unknown step', { type: 'ADD_BRANCH', request: { stepName: 'step_99', branchIndex: 0, branchName: 'x' } }, 'STEP_NOT_FOUND'],
    ['add to a loop', { type: 'ADD_BRANCH', request: { stepName: 'step_2', branchIndex: 0, branchName: 'x' } }, 'FLOW_OPERATION_INVALID'],
    ['add past the end', { type: 'ADD_BRANCH', request: { stepName: 'step_5', branchIndex: 4, branchName: 'x' } }, 'FLOW_OPERATION_INVALID'],
    ['delete in an unknown step', { type: 'DELETE_BRANCH', request: { stepName: 'step_99', branchIndex: 0 } }, 'STEP_NOT_FOUND'],
    ['delete in a code step', { type: 'DELETE_BRANCH', request: { stepName: 'step_1', branchIndex: 0 } }, 'FLOW_OPERATION_INVALID'],
    ['delete a missing branch', { type: 'DELETE_BRANCH', request: { stepName: 'step_5', branchIndex: 3 } }, 'FLOW_OPERATION_INVALID'],
    ['duplicate in an unknown step', { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_99', branchIndex: 0 } }, 'STEP_NOT_FOUND'],
    ['duplicate in the trigger', { type: 'DUPLICATE_BRANCH', request: { stepName: 'trigger', branchIndex: 0 } }, 'FLOW_OPERATION_INVALID'],
    ['duplicate a negative branch', { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_5', branchIndex: -1 } }, 'FLOW_OPERATION_INVALID'],
  ])('refuses to %s', (_label, operation, code) => {
    refused(referenceFlow(), operation, code);
  });
});

describe('rewriteReferences', () => {
  const rename = new Map([
    ['step_1', 'step_2'],
    ['step_2', 'step_3'],
  ]);

  it('renames all names in one pass, so chains of renames do not cascade', () => {
    expect(rewriteReferences('{{step_1.a}} {{step_2.b}}', rename)).toBe('{{step_2.a}} {{step_3.b}}');
  });

  it('touches only what is inside {{ }} and starts a path', () => {
    expect(rewriteReferences("step_1 {{ step_1 }} {{step_10.x}} {{step_3.step_1}} {{step_1['body']}}", rename)).toBe(
      "step_1 {{ step_2 }} {{step_10.x}} {{step_3.step_1}} {{step_2['body']}}",
    );
  });

  it('leaves text without templates as it is', () => {
    expect(rewriteReferences('no templates here', rename)).toBe('no templates here');
  });
});
