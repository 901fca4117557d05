/**
 * Validity is an output of the domain (SPEC §4): after any sequence of operations, every step's `valid`,
 * the trigger's, and the version's `invalidCount` / `valid` are exactly what the validity rules say of
 * the flow as it stands, whatever `valid` each request claimed. Stored and imported forms whose flags lie
 * are judged the same way when read.
 *
 * The generator draws settings that are complete and incomplete for every step type (and triggers that
 * are and are not), so both verdicts occur all the time; each request carries a random claim.
 */
import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import {
  applyOperation,
  createAction,
  createEmptyVersion,
  FlowOperationError,
  fromNestedFlow,
  fromStoredVersion,
  nextStepName,
  stepValidity,
  toNestedFlow,
  toStoredVersion,
  triggerValidity,
  type ConditionGroups,
  type FlatStep,
  type FlatVersion,
  type FlowOperation,
  type NewAction,
  type StepType,
  type UpdateTriggerRequest,
} from '../../src/domain/index.ts';
import { COMPLETE_ROW, completeAction } from './support/complete-steps.ts';

interface Pick {
  kind: number;
  a: number;
  b: number;
  complete: boolean;
  claim: boolean | undefined;
}

const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  kind: fc.nat({ max: 13 }),
  a: fc.nat({ max: 1000 }),
  b: fc.nat({ max: 1000 }),
  complete: fc.boolean(),
  claim: fc.option(fc.boolean(), { nil: undefined }),
});

const TYPES: readonly StepType[] = ['CODE', 'PIECE', 'LOOP_ON_ITEMS', 'ROUTER'];

const present = (v: FlatVersion): FlatStep[] => v.steps.filter((s): s is FlatStep => s !== null);

function nameFor(v: FlatVersion, n: number): string {
  const steps = present(v);
  return steps.length === 0 ? 'step_999' : steps[n % steps.length]!.name;
}

function routerFor(v: FlatVersion, n: number): FlatStep | undefined {
  const routers = present(v).filter((s) => s.type === 'ROUTER');
  return routers[n % Math.max(routers.length, 1)];
}

/** Settings of `type` that are complete or, in one of several ways, not. */
function actionOf(type: StepType, name: string, complete: boolean, variant: number): NewAction {
  if (complete) return completeAction(type, name);
  const blank = createAction(type, name);
  switch (blank.type) {
    case 'CODE':
      return { ...blank, settings: { ...blank.settings, sourceCode: { code: variant % 2 ? '   ' : '', packageJson: '{}' } } };
    case 'PIECE':
      // No piece, an unknown action, or a known action missing its required URL.
      if (variant % 3 === 0) return blank;
      return {
        ...blank,
        settings: { pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: variant % 3 === 1 ? 'nope' : 'send_request', input: { method: 'GET' } },
      };
    case 'LOOP_ON_ITEMS':
      return { ...blank, settings: { items: variant % 2 ? ' ' : '' } };
    case 'ROUTER':
      return blank; // its first branch holds the default (empty) row
  }
}

function triggerOf(p: Pick): UpdateTriggerRequest {
  const common = { name: 'trigger', displayName: `T${p.a}` } as const;
  switch (p.b % 4) {
    case 0:
      return { ...common, type: 'EMPTY', settings: {} };
    case 1:
      return { ...common, type: 'PIECE_TRIGGER', settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: p.complete ? 'manual' : 'gone', input: {} } };
    default:
      return {
        ...common,
        type: 'PIECE_TRIGGER',
        settings: { pieceName: '@activepieces/piece-schedule', pieceVersion: '0.1.0', triggerName: 'every_x_minutes', input: { minutes: p.complete ? 5 : 90 } },
      };
  }
}

const conditionsOf = (complete: boolean): ConditionGroups => [[complete ? { ...COMPLETE_ROW } : { ...COMPLETE_ROW, secondValue: '' }]];

/** Claims a random `valid` on a request: the domain must not listen. */
const claiming = <T extends object>(request: T, claim: boolean | undefined): T => (claim === undefined ? request : { ...request, valid: claim });

function toOperation(v: FlatVersion, p: Pick, earlier: FlatVersion): FlowOperation {
  switch (p.kind) {
    case 0:
    case 1:
    case 2: {
      const parent = p.a % 3 === 0 ? 'trigger' : nameFor(v, p.a);
      const parentStep = v.steps[Number(parent.slice(5))];
      const inside =
        parentStep?.type === 'LOOP_ON_ITEMS' && p.b % 2 === 0
          ? { stepLocationRelativeToParent: 'INSIDE_LOOP' as const }
          : parentStep?.type === 'ROUTER' && p.b % 2 === 0
            ? { stepLocationRelativeToParent: 'INSIDE_BRANCH' as const, branchIndex: p.b % parentStep.children.length }
            : {};
      const action = claiming(actionOf(TYPES[p.b % 4]!, nextStepName(v), p.complete, p.a), p.claim);
      return { type: 'ADD_ACTION', request: { parentStep: parent, ...inside, action } };
    }
    case 3:
    case 4: {
      // Same type (its settings made complete or not) or, for an empty step, another type.
      const step = v.steps[Number(nameFor(v, p.a).slice(5))];
      const holds = step && ((step.type === 'LOOP_ON_ITEMS' && step.firstLoopStep) || (step.type === 'ROUTER' && step.children.some(Boolean)));
      const type = !step || holds || p.b % 3 !== 0 ? (step?.type ?? 'CODE') : TYPES[p.b % 4]!;
      const name = step?.name ?? 'step_999';
      let action = actionOf(type, name, p.complete, p.a);
      if (type === 'ROUTER' && step?.type === 'ROUTER') {
        // A router keeps its branch count here (ADD/DELETE_BRANCH change it); only the rows change.
        const branches = step.settings.branches.map((branch) => (branch.branchType === 'CONDITION' ? { ...branch, conditions: conditionsOf(p.complete) } : branch));
        action = { ...action, settings: { ...step.settings, branches } } as NewAction;
      }
      return { type: 'UPDATE_ACTION', request: claiming({ ...action, name, displayName: `U${p.b}` }, p.claim) };
    }
    case 5:
      return { type: 'UPDATE_TRIGGER', request: claiming(triggerOf(p), p.claim) };
    case 6: {
      const router = routerFor(v, p.a);
      if (!router) return { type: 'DELETE_ACTION', request: { names: [nameFor(v, p.a)] } };
      const count = (router as Extract<FlatStep, { type: 'ROUTER' }>).settings.branches.length;
      const conditions = p.b % 3 === 0 ? {} : { conditions: conditionsOf(p.complete) };
      return { type: 'ADD_BRANCH', request: { stepName: router.name, branchIndex: p.b % (count + 1), branchName: `B${p.b}`, ...conditions } };
    }
    case 7: {
      const router = routerFor(v, p.a);
      if (!router) return { type: 'DUPLICATE_ACTION', request: { stepName: nameFor(v, p.a) } };
      const count = (router as Extract<FlatStep, { type: 'ROUTER' }>).settings.branches.length;
      return { type: p.complete ? 'DUPLICATE_BRANCH' : 'DELETE_BRANCH', request: { stepName: router.name, branchIndex: p.b % count } };
    }
    case 8:
      return { type: 'DUPLICATE_ACTION', request: { stepName: nameFor(v, p.a) } };
    case 9:
      return { type: 'DELETE_ACTION', request: { names: [nameFor(v, p.a)] } };
    case 10:
      return { type: 'MOVE_ACTION', request: { name: nameFor(v, p.a), newParentStep: p.b % 4 === 0 ? 'trigger' : nameFor(v, p.b) } };
    case 11:
      return { type: 'SET_SKIP_ACTION', request: { names: [nameFor(v, p.a)], skip: p.complete } };
    case 12:
      return { type: 'IMPORT_FLOW', request: { displayName: 'Imported', trigger: lyingNested(earlier, p.a).trigger } };
    default:
      return { type: 'USE_AS_DRAFT', request: { versionId: 'earlier', version: lyingStored(earlier, p.a) } };
  }
}

/** A boolean per position from a number's bits: the flags a lying file carries. */
const lie = (seed: number, i: number): boolean => ((seed >> (i % 10)) & 1) === 1;

function lyingStored(v: FlatVersion, seed: number) {
  const stored = JSON.parse(JSON.stringify(toStoredVersion(v))) as ReturnType<typeof toStoredVersion>;
  stored.valid = lie(seed, 0);
  stored.trigger.valid = lie(seed, 1);
  stored.steps.forEach((step, i) => (step.valid = lie(seed, i + 2)));
  return stored;
}

function lyingNested(v: FlatVersion, seed: number) {
  const nested = JSON.parse(JSON.stringify(toNestedFlow(v))) as Record<string, unknown>;
  let i = 0;
  const stack: unknown[] = [nested.trigger];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown> | null | undefined;
    if (!node) continue;
    node.valid = lie(seed, i++);
    stack.push(node.nextAction, node.firstLoopAction, ...((node.children as unknown[] | undefined) ?? []));
  }
  nested.valid = lie(seed, i);
  return nested as unknown as ReturnType<typeof toNestedFlow>;
}

/** Every flag is the rules' verdict on the flow as it stands, and the counts follow from them. */
function expectJudged(v: FlatVersion): void {
  expect(v.trigger.valid).toBe(triggerValidity(v.trigger));
  let invalid = v.trigger.valid ? 0 : 1;
  for (const step of present(v)) {
    expect({ step: step.name, valid: step.valid }).toEqual({ step: step.name, valid: stepValidity(step) });
    if (!step.valid) invalid++;
  }
  expect(v.invalidCount).toBe(invalid);
  expect(v.valid).toBe(invalid === 0);
}

const verdicts = { valid: 0, invalid: 0, versionsValid: 0, applied: new Set<string>() };

function run(setup: readonly Pick[], picks: readonly Pick[]): void {
  let v = createEmptyVersion({ id: 'v', flowId: 'f' });
  // A flow to work on: adds, with a trigger update now and then.
  for (const p of setup) {
    try {
      v = applyOperation(v, toOperation(v, { ...p, kind: p.kind % 3 === 0 ? 5 : 0 }, v));
    } catch (error) {
      if (!(error instanceof FlowOperationError)) throw error;
    }
  }
  expectJudged(v);
  const start = v;
  for (const p of picks) {
    const operation = toOperation(v, p, start);
    try {
      v = applyOperation(v, operation);
    } catch (error) {
      if (!(error instanceof FlowOperationError)) throw error;
      continue;
    }
    verdicts.applied.add(operation.type);
    expectJudged(v);
    for (const step of present(v)) verdicts[step.valid ? 'valid' : 'invalid']++;
    if (v.valid) verdicts.versionsValid++;
  }
  // Read back with every flag lying: the same verdicts.
  expect(fromStoredVersion(lyingStored(v, picks.length * 37))).toMatchObject({ valid: v.valid, invalidCount: v.invalidCount });
  expectJudged(fromStoredVersion(lyingStored(v, picks.length * 37)));
  expectJudged(fromNestedFlow(lyingNested(v, picks.length * 11)));
}

describe('validity after any sequence of operations', () => {
  it('is exactly what the validity rules say of every step, the trigger and the version, whatever the requests claim', () => {
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 3, maxLength: 15 }), fc.array(pickArbitrary, { minLength: 10, maxLength: 40 }), run),
      { numRuns: 200 },
    );
  });

  it('meets both verdicts and every operation that can change one (a fixed seed: the generator is not left to luck)', () => {
    verdicts.valid = verdicts.invalid = verdicts.versionsValid = 0;
    verdicts.applied.clear();
    fc.assert(
      fc.property(fc.array(pickArbitrary, { minLength: 3, maxLength: 15 }), fc.array(pickArbitrary, { minLength: 10, maxLength: 40 }), run),
      { numRuns: 200, seed: 20261123 },
    );
    expect(verdicts.valid).toBeGreaterThan(100);
    expect(verdicts.invalid).toBeGreaterThan(100);
    expect(verdicts.versionsValid).toBeGreaterThan(10);
    expect([...verdicts.applied].sort()).toEqual(
      [
        'ADD_ACTION',
        'ADD_BRANCH',
        'DELETE_ACTION',
        'DELETE_BRANCH',
        'DUPLICATE_ACTION',
        'DUPLICATE_BRANCH',
        'IMPORT_FLOW',
        'MOVE_ACTION',
        'SET_SKIP_ACTION',
        'UPDATE_ACTION',
        'UPDATE_TRIGGER',
        'USE_AS_DRAFT',
      ].sort(),
    );
  });
});
