import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  applyOperation,
  checkStructure,
  collectSubtree,
  copyToClipboard,
  createAction,
  createEmptyVersion,
  flowOperationSchema,
  pasteOperations,
  readClipboard,
  stepsInOrder,
  toNestedFlow,
  versionReader,
  type FlatVersion,
  type FlowOperationInput,
} from '../../src/domain/flow/index.ts';

function build(ops: FlowOperationInput[], version = createEmptyVersion({ id: 'v', flowId: 'f' })): FlatVersion {
  for (const op of ops) version = applyOperation(version, flowOperationSchema.parse(op));
  return version;
}

const add = (parentStep: string, action: ReturnType<typeof createAction>, location: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH' = 'AFTER', branchIndex?: number): FlowOperationInput => ({
  type: 'ADD_ACTION',
  request: { parentStep, stepLocationRelativeToParent: location, ...(branchIndex === undefined ? {} : { branchIndex }), action },
});

/** trigger → step_1 (code) → step_2 (loop: step_3 reads {{step_1.x}} and {{step_3.y}}) → step_4 (router: [step_5], [step_6]) */
function sample(): FlatVersion {
  const code3 = createAction('CODE', 'step_3');
  const reading = { ...code3, settings: { ...code3.settings, input: { a: '{{step_1.x}}', b: '{{step_3.y}} and {{step_2.item}}' } } };
  return build([
    add('trigger', createAction('CODE', 'step_1')),
    add('step_1', createAction('LOOP_ON_ITEMS', 'step_2')),
    add('step_2', reading, 'INSIDE_LOOP'),
    add('step_2', createAction('ROUTER', 'step_4')),
    add('step_4', createAction('CODE', 'step_5', { displayName: 'Left' }), 'INSIDE_BRANCH', 0),
    add('step_4', createAction('CODE', 'step_6', { displayName: 'Right' }), 'INSIDE_BRANCH', 1),
  ]);
}

/** The nested shape without names, to compare a copy with its original. */
function shapeOf(version: FlatVersion, root: string): unknown {
  const read = versionReader(version);
  return collectSubtree(read, root).map((name) => {
    const step = read(name)!;
    return { type: step.type, displayName: step.displayName, valid: step.valid };
  });
}

function paste(target: FlatVersion, text: string, parentStep = 'trigger'): FlatVersion {
  const content = readClipboard(text);
  if (!content) throw new Error('not a clipboard');
  let version = target;
  for (const op of pasteOperations(target, content, { parentStep, location: 'AFTER' })) version = applyOperation(version, op);
  checkStructure(version);
  return version;
}

describe('copy and paste of steps', () => {
  it('copies a loop with its body and pastes it into another workflow, references following the new names', () => {
    const source = sample();
    const text = copyToClipboard(source, ['step_2']);
    const target = build([add('trigger', createAction('CODE', 'step_1', { displayName: 'Existing' }))]);
    const pasted = paste(target, text, 'step_1');
    // The loop lands after step_1 under the next free names, with its body.
    const order = stepsInOrder(pasted).map((step) => `${step.name}:${step.displayName}`);
    expect(order).toEqual(['step_1:Existing', 'step_2:Loop on Items', 'step_3:Code']);
    const body = versionReader(pasted)('step_3')!;
    expect(body.parent).toEqual({ step: 'step_2', slot: 'loop' });
    // {{step_3}} and {{step_2}} were copied along and follow; {{step_1}} was not copied and stays.
    expect(body.type === 'CODE' && body.settings.input).toEqual({ a: '{{step_1.x}}', b: '{{step_3.y}} and {{step_2.item}}' });
  });

  it('renames copies whose names collide with the target, and rewrites their references', () => {
    const source = sample();
    const text = copyToClipboard(source, ['step_2']);
    const pasted = paste(source, text, 'step_6');
    const copyOfLoop = versionReader(pasted)('step_7')!;
    expect(copyOfLoop.type).toBe('LOOP_ON_ITEMS');
    const copyOfBody = versionReader(pasted)('step_8')!;
    expect(copyOfBody.type === 'CODE' && copyOfBody.settings.input).toEqual({ a: '{{step_1.x}}', b: '{{step_8.y}} and {{step_7.item}}' });
    expect(shapeOf(pasted, 'step_7')).toEqual(shapeOf(source, 'step_2'));
  });

  it('keeps router branches, and drops selected steps that come along inside another', () => {
    const source = sample();
    const text = copyToClipboard(source, ['step_5', 'step_4', 'step_1']);
    const content = readClipboard(text)!;
    expect(content.roots).toEqual(['step_4', 'step_1']);
    const pasted = paste(createEmptyVersion({ id: 'w', flowId: 'g' }), text);
    const nested = toNestedFlow(pasted).trigger as { nextAction?: { type: string; children?: ({ displayName: string } | null)[]; nextAction?: { type: string } } };
    expect(nested.nextAction?.type).toBe('ROUTER');
    expect(nested.nextAction?.children?.map((child) => child?.displayName)).toEqual(['Left', 'Right']);
    expect(nested.nextAction?.nextAction?.type).toBe('CODE');
  });

  it('reads only its own clipboard format', () => {
    expect(readClipboard('hello')).toBeNull();
    expect(readClipboard('{"kind":"flowsmith/steps","roots":["step_9"],"steps":[]}')).toBeNull();
    expect(readClipboard(JSON.stringify({ kind: 'other', roots: ['step_1'], steps: [] }))).toBeNull();
    expect(() => copyToClipboard(sample(), ['step_42'])).toThrow(/step_42/);
  });

  it('pastes any copied step of a random flow into any flow, structure sound and sizes adding up', () => {
    const pick = fc.record({ kind: fc.nat({ max: 3 }), at: fc.nat({ max: 200 }), where: fc.nat({ max: 2 }), branch: fc.nat({ max: 1 }) });
    const randomFlow = (picks: { kind: number; at: number; where: number; branch: number }[], id: string): FlatVersion => {
      let version = createEmptyVersion({ id, flowId: id });
      for (const p of picks) {
        const present = ['trigger', ...stepsInOrder(version).map((step) => step.name)];
        const parent = present[p.at % present.length]!;
        const parentStep = parent === 'trigger' ? undefined : versionReader(version)(parent);
        const location = parentStep?.type === 'LOOP_ON_ITEMS' && p.where > 0 ? 'INSIDE_LOOP' : parentStep?.type === 'ROUTER' && p.where > 0 ? 'INSIDE_BRANCH' : 'AFTER';
        const type = (['CODE', 'LOOP_ON_ITEMS', 'ROUTER', 'PIECE'] as const)[p.kind]!;
        const name = `step_${version.steps.length}`;
        version = applyOperation(version, flowOperationSchema.parse(add(parent, createAction(type, name), location, location === 'INSIDE_BRANCH' ? p.branch : undefined)));
      }
      return version;
    };
    fc.assert(
      fc.property(fc.array(pick, { minLength: 1, maxLength: 25 }), fc.array(pick, { maxLength: 10 }), fc.nat(), fc.nat(), (a, b, which, where) => {
        const source = randomFlow(a, 'a');
        const target = randomFlow(b, 'b');
        const names = stepsInOrder(source).map((step) => step.name);
        const root = names[which % names.length]!;
        const size = collectSubtree(versionReader(source), root).length;
        const targets = ['trigger', ...stepsInOrder(target).map((step) => step.name)];
        const pasted = paste(target, copyToClipboard(source, [root]), targets[where % targets.length]);
        expect(stepsInOrder(pasted).length).toBe(stepsInOrder(target).length + size);
        const newRoot = `step_${target.steps.length}`;
        expect(shapeOf(pasted, newRoot)).toEqual(shapeOf(source, root));
      }),
      { numRuns: 150 },
    );
  });
});
