/**
 * Walking and checking the flat structure. Every walk here is a loop over an explicit stack of names,
 * never recursion: a chain is as long as the flow, and a loop can sit inside a loop hundreds of levels
 * deep. Walks visit steps in flow order, Activepieces' order: a step, then its loop body or its branches
 * (first to last), then the step after it.
 */
import { invalidInput } from './errors.ts';
import { stepNameOf, stepNumber, TRIGGER_NAME } from './names.ts';
import type { FlatStep, FlatTrigger, FlatVersion, ParentRef } from './types.ts';

/** Looks a step up by name (a version, or an edit in progress). */
export type StepReader = (name: string) => Readonly<FlatStep> | undefined;

export const versionReader =
  (version: FlatVersion): StepReader =>
  (name) => {
    const n = stepNumber(name);
    return n > 0 ? (version.steps[n] ?? undefined) : undefined;
  };

export function findStep(version: FlatVersion, name: string): Readonly<FlatStep | FlatTrigger> | undefined {
  return name === TRIGGER_NAME ? version.trigger : versionReader(version)(name);
}

/** The first step of each chain a step contains: its loop body, or one per branch (nulls skipped). */
export function containedHeads(step: Readonly<FlatStep>): string[] {
  if (step.type === 'LOOP_ON_ITEMS') return step.firstLoopStep ? [step.firstLoopStep] : [];
  if (step.type === 'ROUTER') return step.children.filter((c): c is string => c !== null);
  return [];
}

/** Every step of the given chains and of everything they contain, in flow order. */
export function collectChains(read: StepReader, heads: readonly string[]): string[] {
  const out: string[] = [];
  const stack = [...heads].reverse();
  while (stack.length > 0) {
    const name = stack.pop()!;
    const step = read(name);
    if (!step) throw invalidInput(`Broken flow structure: a link points to missing step '${name}'`);
    out.push(name);
    if (step.next) stack.push(step.next);
    const inner = containedHeads(step);
    for (let i = inner.length - 1; i >= 0; i--) stack.push(inner[i]!);
  }
  return out;
}

/** A step and everything inside it (loop body, branches), not the steps after it: what delete removes. */
export function collectSubtree(read: StepReader, name: string): string[] {
  const root = read(name);
  if (!root) return [];
  return [name, ...collectChains(read, containedHeads(root))];
}

/** Steps in flow order (the trigger excluded). For export and tests; editing never needs a whole walk. */
export function stepsInOrder(version: FlatVersion): FlatStep[] {
  const read = versionReader(version);
  const heads = version.trigger.next ? [version.trigger.next] : [];
  return collectChains(read, heads).map((name) => read(name) as FlatStep);
}

/**
 * Whether `candidate` sits inside `ancestor` (in its loop body or a branch, at any depth). Two walks run
 * in turns and the first to finish answers: up from the candidate along parent pointers (reaching the
 * ancestor through its 'next' slot means the candidate only follows it), and down through the
 * ancestor's contents. So the cost is the smaller of the candidate's distance from the trigger and the
 * size of the ancestor: moving a small loop far down a 10,000-step chain stays cheap, and so does
 * moving a big loop just after its neighbour.
 */
export function isInside(read: StepReader, candidate: string, ancestor: string): boolean {
  const root = read(ancestor);
  if (!root) return false;
  const down = containedHeads(root);
  let up = candidate;
  for (;;) {
    // one step up
    if (up === TRIGGER_NAME) return false;
    const step = read(up);
    if (!step) return false;
    if (step.parent.step === ancestor) return step.parent.slot !== 'next';
    up = step.parent.step;
    // one step down
    const name = down.pop();
    if (name === undefined) return false;
    if (name === candidate) return true;
    const inner = read(name);
    if (!inner) return false;
    if (inner.next !== null) down.push(inner.next);
    if (inner.type === 'LOOP_ON_ITEMS' && inner.firstLoopStep !== null) down.push(inner.firstLoopStep);
    if (inner.type === 'ROUTER') for (const child of inner.children) if (child !== null) down.push(child);
  }
}

const sameParent = (a: ParentRef, b: ParentRef): boolean => a.step === b.step && a.slot === b.slot;
const describeParent = (p: ParentRef): string => (p.slot === 'next' ? `after ${p.step}` : p.slot === 'loop' ? `inside loop ${p.step}` : `branch ${p.slot} of ${p.step}`);

/**
 * Asserts every structural invariant; throws VALIDATION naming the first broken one. O(steps). Used when
 * a version is read from outside and by the tests after every operation:
 * - `steps[0]` is null, `steps[N]` is null or the step named step_N (so names are unique and step-shaped);
 * - every link points to an existing step, and every step is reached from the trigger exactly once;
 * - each step's `parent` is the slot that links to it;
 * - loops have `firstLoopStep`, routers one child slot per branch, other steps neither;
 * - `invalidCount` counts the invalid trigger and steps, and `valid` is `invalidCount === 0`.
 */
export function checkStructure(version: FlatVersion): void {
  const fail = (message: string): never => {
    throw invalidInput(`Broken flow structure: ${message}`);
  };
  const { steps, trigger } = version;
  if (trigger.name !== TRIGGER_NAME) fail(`the trigger is named '${trigger.name}'`);
  if (steps.length < 1 || steps[0] !== null) fail('steps[0] must be null');
  let present = 0;
  let invalid = trigger.valid ? 0 : 1;
  for (let n = 1; n < steps.length; n++) {
    const step = steps[n];
    if (step === null) continue;
    if (step === undefined) fail(`steps[${n}] is a hole; empty slots hold null`);
    const s = step!;
    if (s.name !== stepNameOf(n)) fail(`steps[${n}] holds '${s.name}'`);
    present++;
    if (!s.valid) invalid++;
    const hasLoop = 'firstLoopStep' in s;
    const hasChildren = 'children' in s;
    if (s.type === 'LOOP_ON_ITEMS' ? !hasLoop || hasChildren : hasLoop) fail(`${s.name} (${s.type}) has the wrong loop link`);
    if (s.type === 'ROUTER') {
      if (!hasChildren || !Array.isArray(s.children)) fail(`${s.name} has no children`);
      else if (s.children.length !== s.settings.branches.length) {
        fail(`${s.name} has ${s.children.length} children for ${s.settings.branches.length} branches`);
      }
    } else if (hasChildren) fail(`${s.name} (${s.type}) has children`);
  }
  const seen = new Uint8Array(steps.length);
  let reached = 0;
  const stack: Array<[string, ParentRef]> = [];
  if (trigger.next !== null) stack.push([trigger.next, { step: TRIGGER_NAME, slot: 'next' }]);
  while (stack.length > 0) {
    const [name, expected] = stack.pop()!;
    const n = stepNumber(name);
    const step = n > 0 ? steps[n] : undefined;
    if (!step) return fail(`${describeParent(expected)} links to missing step '${name}'`);
    if (seen[n]) fail(`${name} is linked twice (a cycle or a shared step)`);
    seen[n] = 1;
    reached++;
    if (!step.parent || !sameParent(step.parent, expected)) {
      fail(`${name}.parent says ${step.parent ? describeParent(step.parent) : 'nothing'} but it is ${describeParent(expected)}`);
    }
    if (step.next !== null) stack.push([step.next, { step: name, slot: 'next' }]);
    if (step.type === 'LOOP_ON_ITEMS' && step.firstLoopStep !== null) stack.push([step.firstLoopStep, { step: name, slot: 'loop' }]);
    if (step.type === 'ROUTER') {
      step.children.forEach((child, i) => {
        if (child !== null) stack.push([child, { step: name, slot: i }]);
      });
    }
  }
  if (reached !== present) fail(`${present - reached} step(s) cannot be reached from the trigger`);
  if (version.invalidCount !== invalid) fail(`invalidCount is ${version.invalidCount} but ${invalid} are invalid`);
  if (version.valid !== (invalid === 0)) fail(`valid is ${version.valid} with ${invalid} invalid`);
}
