/**
 * Random flows for property tests, made of random operation sequences (moved here from
 * flow-properties.test.ts so that other property tests draw the same flows).
 */
import fc from 'fast-check';
import {
  applyOperationWithPatches,
  createAction,
  createEmptyVersion,
  FlowOperationError,
  nextStepName,
  STEP_TYPES,
  toNestedFlow,
  toStoredContent,
  type FlatVersion,
  type FlowOperation,
  type StepLocation,
} from '../../../src/domain/index.ts';
/**
 * Random operation sequences on random flows. Each operation is drawn as a handful of numbers and read
 * against the current version, so it usually names real steps, and sometimes a missing one, the
 * trigger, a bad placement or a taken name: the refusals are exercised as much as the edits.
 */
export interface Pick {
  kind: number;
  a: number;
  b: number;
  c: number;
  branch: number;
  flag: boolean;
  valid: boolean | null;
}

export const pickArbitrary: fc.Arbitrary<Pick> = fc.record({
  kind: fc.nat({ max: 19 }),
  a: fc.nat({ max: 1000 }),
  b: fc.nat({ max: 1000 }),
  c: fc.nat({ max: 1000 }),
  branch: fc.integer({ min: -1, max: 3 }),
  flag: fc.boolean(),
  valid: fc.option(fc.boolean(), { nil: null }),
});

const LOCATIONS: StepLocation[] = ['AFTER', 'INSIDE_LOOP', 'INSIDE_BRANCH'];
/** Operations the generator cannot make fail on an unlocked version. */
export const NEVER_REFUSED = new Set(['CHANGE_NAME', 'CHANGE_STATUS', 'CHANGE_FOLDER', 'LOCK_FLOW', 'LOCK_AND_PUBLISH', 'IMPORT_FLOW', 'USE_AS_DRAFT', 'UPDATE_TRIGGER']);

export function presentNames(v: FlatVersion): string[] {
  return v.steps.flatMap((s) => (s ? [s.name] : []));
}

/** Mostly a real step; now and then a missing one or the trigger. */
function nameFor(v: FlatVersion, n: number): string {
  const names = presentNames(v);
  if (n % 17 === 0 || names.length === 0) return 'step_999';
  if (n % 19 === 0) return 'trigger';
  return names[n % names.length]!;
}

/** Mostly a router (branch operations need one), else any name. */
function routerFor(v: FlatVersion, n: number): string {
  const routers = v.steps.flatMap((s) => (s?.type === 'ROUTER' ? [s.name] : []));
  return routers.length > 0 && n % 5 !== 0 ? routers[n % routers.length]! : nameFor(v, n);
}

function branchCount(v: FlatVersion, name: string): number {
  const step = v.steps[Number(name.slice(5))];
  return step?.type === 'ROUTER' ? step.settings.branches.length : 0;
}

/** Mostly a placement the parent accepts; one time in six, anything (often refused). */
function placementFor(v: FlatVersion, parent: string, p: Pick): { location: StepLocation; branchIndex?: number } {
  if (p.c % 6 === 0) return { location: LOCATIONS[p.b % 3]!, branchIndex: p.branch < 0 ? undefined : p.branch };
  const step = v.steps[Number(parent.slice(5))];
  if (step?.type === 'LOOP_ON_ITEMS' && p.b % 2 === 0) return { location: 'INSIDE_LOOP' };
  if (step?.type === 'ROUTER' && p.b % 2 === 0) return { location: 'INSIDE_BRANCH', branchIndex: p.c % step.settings.branches.length };
  return { location: 'AFTER' };
}

/** A branch index: usually in range (or one past it, for ADD_BRANCH), sometimes -1 or too big. */
function branchFor(v: FlatVersion, router: string, p: Pick, extra: number): number {
  const count = branchCount(v, router) + extra;
  return p.c % 7 === 0 ? p.branch * 3 : count > 0 ? p.c % count : 0;
}

type UpdateRequest = Extract<FlowOperation, { type: 'UPDATE_ACTION' }>['request'];
type NewActionRequest = Extract<FlowOperation, { type: 'ADD_ACTION' }>['request']['action'];

function addOperation(v: FlatVersion, p: Pick): FlowOperation {
  const type = STEP_TYPES[p.c % STEP_TYPES.length]!;
  const name = p.flag && p.c % 5 === 0 ? nameFor(v, p.c) : nextStepName(v);
  const parentStep = p.a % 4 === 0 ? 'trigger' : nameFor(v, p.a);
  const { location, branchIndex } = placementFor(v, parentStep, p);
  const action = createAction(type, name);
  return {
    type: 'ADD_ACTION',
    request: {
      parentStep,
      stepLocationRelativeToParent: location,
      branchIndex,
      action: { ...action, valid: p.valid ?? undefined, settings: withInput(action.settings, `{{${nameFor(v, p.b)}.out}}`) } as NewActionRequest,
    },
  };
}

export function toOperation(v: FlatVersion, p: Pick, earlier: FlatVersion): FlowOperation {
  const valid = p.valid ?? undefined;
  switch (p.kind) {
    case 0:
    case 1:
    case 2:
    case 3:
      return addOperation(v, p);
    case 4: {
      const name = nameFor(v, p.a);
      const current = v.steps[Number(name.slice(5))];
      const base = current && p.b % 4 !== 0 ? { type: current.type, settings: current.settings } : createAction(STEP_TYPES[p.c % 4]!, name);
      return {
        type: 'UPDATE_ACTION',
        request: { name, displayName: `Updated ${p.b}`, valid, ...base, settings: withInput(base.settings, `v${p.c}`) } as UpdateRequest,
      };
    }
    case 5:
      return { type: 'DELETE_ACTION', request: { names: p.flag ? [nameFor(v, p.a), nameFor(v, p.b)] : [nameFor(v, p.a)] } };
    case 6:
    case 18:
      return { type: 'DUPLICATE_ACTION', request: { stepName: nameFor(v, p.a) } };
    case 7:
    case 8: {
      const newParentStep = p.b % 5 === 0 ? 'trigger' : nameFor(v, p.b);
      const { location, branchIndex } = placementFor(v, newParentStep, p);
      return { type: 'MOVE_ACTION', request: { name: nameFor(v, p.a), newParentStep, stepLocationRelativeToNewParent: location, branchIndex } };
    }
    case 9:
      return { type: 'SET_SKIP_ACTION', request: { names: [nameFor(v, p.a)], skip: p.flag } };
    case 10: {
      const router = routerFor(v, p.a);
      return { type: 'ADD_BRANCH', request: { stepName: router, branchIndex: branchFor(v, router, p, 1), branchName: `B${p.b}` } };
    }
    case 11: {
      const router = routerFor(v, p.a);
      return { type: 'DELETE_BRANCH', request: { stepName: router, branchIndex: branchFor(v, router, p, 0) } };
    }
    case 12: {
      const router = routerFor(v, p.a);
      return { type: 'DUPLICATE_BRANCH', request: { stepName: router, branchIndex: branchFor(v, router, p, 0) } };
    }
    case 13:
      return { type: 'UPDATE_TRIGGER', request: { name: 'trigger', type: 'EMPTY', displayName: `T${p.a}`, valid, settings: { n: p.b } } };
    case 14:
      return { type: 'CHANGE_NAME', request: { displayName: `Flow ${p.a}` } };
    case 15:
      if (p.flag && p.a % 6 === 0) return p.b % 2 ? { type: 'LOCK_FLOW', request: {} } : { type: 'LOCK_AND_PUBLISH', request: {} };
      return p.b % 2 ? { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } } : { type: 'CHANGE_FOLDER', request: { folderId: `folder-${p.c}` } };
    case 16:
      return { type: 'IMPORT_FLOW', request: { displayName: 'Imported', trigger: toNestedFlow(earlier).trigger } };
    case 17:
      return { type: 'USE_AS_DRAFT', request: { versionId: 'earlier', version: toStoredContent(earlier) } };
    default:
      return addOperation(v, p);
  }
}

function withInput<T>(settings: T, value: string): T {
  return typeof settings === 'object' && settings !== null && 'input' in settings ? { ...settings, input: { value } } : settings;
}


export function randomFlow(setup: readonly Pick[]): FlatVersion {
  let v = createEmptyVersion({ id: 'v', flowId: 'f' });
  for (const p of setup) {
    try {
      // Mostly adds (a flow to work on), some duplicates (bigger flows), a trigger update now and then.
      const kind = p.kind % 10 === 9 ? 13 : p.kind % 10 === 8 ? 6 : 0;
      v = applyOperationWithPatches(v, toOperation(v, { ...p, kind }, v)).version;
    } catch (error) {
      if (!(error instanceof FlowOperationError)) throw error;
    }
  }
  return v;
}

/** The steps array without trailing null slots (the stored and nested forms do not keep them). */
export const trimmed = (v: FlatVersion): FlatVersion => {
  let end = v.steps.length;
  while (end > 1 && v.steps[end - 1] === null) end--;
  return { ...v, steps: v.steps.slice(0, end) };
};

