/**
 * Two versions of a flow compared step by step (the editor's "Compare versions"): which steps were
 * added, removed, changed (which fields, old → new, nested settings as paths) and moved.
 *
 * Steps are matched by name: `step_N` is the same step in both versions (names are never reused,
 * names.ts), so matching is one pass over the two step arrays, index for index. A step is *moved* when
 * the chain that holds it (the top level, a loop's body, a router branch) differs, or when, inside the
 * same chain, it is not among the longest run of steps both versions keep in the same order (so adding,
 * deleting or moving one step marks that step only, not every step after it). That order check is a
 * patience-sorting longest increasing subsequence per chain: O(k log k) for a chain of k kept steps,
 * linear in practice, and nothing recurses: chains are walked by their links, settings by an explicit
 * stack (value-diff.ts), so a 10,000-step version with deep settings compares like a short one.
 *
 * `valid` is not compared (the rules derive it from the rest), nor a step's sample data and test
 * results (`settings.inputUiInfo`, `settings.sampleData`): they change when a step is tested, not when
 * the flow changes.
 */
import { TRIGGER_NAME } from './names.ts';
import { stepsInOrder } from './structure.ts';
import type { FlatStep, FlatVersion, StepName } from './types.ts';
import { diffValues, type FieldChange } from './value-diff.ts';

export type { FieldChange } from './value-diff.ts';

/** The chain a step sits in, and the step before it there (null: first in the chain). */
export interface StepPlace {
  chain: { kind: 'top' } | { kind: 'loop'; step: StepName } | { kind: 'branch'; step: StepName; branch: number };
  after: StepName | null;
}

export type StepChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface StepChange {
  name: StepName;
  /** The name a person reads: the newer version's (the older one's for a removed step). */
  displayName: string;
  type: FlatStep['type'] | FlatVersion['trigger']['type'];
  /** `changed` wins over `moved` for a step that is both; `moved` says whether it moved too. */
  kind: StepChangeKind;
  moved: boolean;
  /** Field by field, for a changed step (empty otherwise). */
  fields: FieldChange[];
  /** Where it was (absent for an added step) and where it is (absent for a removed one). */
  before?: StepPlace;
  after?: StepPlace;
}

export interface VersionDiff {
  /** The flow's name, when it changed. */
  name: { before: string; after: string } | null;
  /** The trigger, when any of its fields changed (kind 'changed'). */
  trigger: StepChange | null;
  /** The steps that differ: the newer version's in flow order, then the removed ones in the older's order. */
  steps: StepChange[];
  counts: Record<StepChangeKind, number>;
}

/** Settings keys that hold test data, not the flow (see the file comment). */
const SAMPLE_KEYS: ReadonlySet<string> = new Set(['inputUiInfo', 'sampleData']);

const chainKey = (chain: StepPlace['chain']): string =>
  chain.kind === 'top' ? 'top' : chain.kind === 'loop' ? `loop:${chain.step}` : `branch:${chain.step}:${chain.branch}`;

interface Placed {
  place: StepPlace;
  key: string;
  /** Position in its chain. */
  index: number;
}

/** Every step's chain and position, by step number; one walk along each chain's links. */
function placesOf(version: FlatVersion): Array<Placed | undefined> {
  const places: Array<Placed | undefined> = new Array(version.steps.length);
  const walk = (head: StepName | null, chain: StepPlace['chain']) => {
    const key = chainKey(chain);
    let previous: StepName | null = null;
    let name = head;
    // The bound stops a malformed cycle; a checked version has none.
    for (let index = 0; name !== null && index < version.steps.length; index++) {
      const n = numberOf(name);
      const step = version.steps[n];
      if (!step || places[n]) break;
      places[n] = { place: { chain, after: previous }, key, index };
      previous = name;
      name = step.next;
    }
  };
  walk(version.trigger.next, { kind: 'top' });
  for (const step of version.steps) {
    if (step?.type === 'LOOP_ON_ITEMS') walk(step.firstLoopStep, { kind: 'loop', step: step.name });
    else if (step?.type === 'ROUTER') step.children.forEach((child, branch) => walk(child, { kind: 'branch', step: step.name, branch }));
  }
  return places;
}

const numberOf = (name: StepName): number => Number(name.slice(5));

/** Field changes between two steps of the same name (or the two triggers). */
function stepFields(before: FlatStep | FlatVersion['trigger'], after: FlatStep | FlatVersion['trigger']): FieldChange[] {
  const fields: FieldChange[] = [];
  if (before === after) return fields;
  if (before.displayName !== after.displayName) fields.push({ path: 'displayName', before: before.displayName, after: after.displayName });
  if (before.type !== after.type) fields.push({ path: 'type', before: before.type, after: after.type });
  const skipBefore = 'skip' in before ? before.skip === true : false;
  const skipAfter = 'skip' in after ? after.skip === true : false;
  if (skipBefore !== skipAfter) fields.push({ path: 'skip', before: skipBefore, after: skipAfter });
  const logoBefore = 'customLogoUrl' in before ? before.customLogoUrl : undefined;
  const logoAfter = 'customLogoUrl' in after ? after.customLogoUrl : undefined;
  if (logoBefore !== logoAfter) fields.push({ path: 'customLogoUrl', before: logoBefore, after: logoAfter });
  diffValues('settings', before.settings, after.settings, fields, SAMPLE_KEYS);
  return fields;
}

/**
 * The steps of one chain that keep their relative order, as a set of step numbers: the longest
 * increasing run of their older positions, read in the newer version's order (patience sorting).
 */
function keptInOrder(chain: ReadonlyArray<{ n: number; oldIndex: number }>): Set<number> {
  const tails: number[] = []; // tails[k]: index into `chain` of the smallest tail of a run of length k+1
  const previous = new Array<number>(chain.length).fill(-1);
  for (let i = 0; i < chain.length; i++) {
    const value = chain[i]!.oldIndex;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (chain[tails[middle]!]!.oldIndex < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) kept.add(chain[i]!.n);
  return kept;
}

/** The steps present in both versions that moved (see the file comment). */
function movedSteps(before: FlatVersion, after: FlatVersion, placesBefore: Array<Placed | undefined>, placesAfter: Array<Placed | undefined>): Set<number> {
  const moved = new Set<number>();
  // Kept steps grouped by the chain they share, in the newer version's order.
  const chains = new Map<string, Array<{ n: number; newIndex: number; oldIndex: number }>>();
  const length = Math.min(before.steps.length, after.steps.length);
  for (let n = 1; n < length; n++) {
    const a = placesBefore[n];
    const b = placesAfter[n];
    if (!a || !b || !before.steps[n] || !after.steps[n]) continue;
    if (a.key !== b.key) {
      moved.add(n);
      continue;
    }
    let chain = chains.get(b.key);
    if (!chain) chains.set(b.key, (chain = []));
    chain.push({ n, newIndex: b.index, oldIndex: a.index });
  }
  for (const chain of chains.values()) {
    chain.sort((x, y) => x.newIndex - y.newIndex);
    const kept = keptInOrder(chain);
    for (const { n } of chain) if (!kept.has(n)) moved.add(n);
  }
  return moved;
}

export function diffVersions(before: FlatVersion, after: FlatVersion): VersionDiff {
  const placesBefore = placesOf(before);
  const placesAfter = placesOf(after);
  const moved = movedSteps(before, after, placesBefore, placesAfter);
  const counts: Record<StepChangeKind, number> = { added: 0, removed: 0, changed: 0, moved: 0 };
  const steps: StepChange[] = [];
  const record = (change: StepChange) => {
    counts[change.kind]++;
    steps.push(change);
  };

  for (const step of stepsInOrder(after)) {
    const n = numberOf(step.name);
    const old = before.steps[n];
    const place = placesAfter[n]?.place;
    if (!old) {
      record({ name: step.name, displayName: step.displayName, type: step.type, kind: 'added', moved: false, fields: [], ...(place ? { after: place } : {}) });
      continue;
    }
    const fields = stepFields(old, step);
    const wasMoved = moved.has(n);
    if (fields.length === 0 && !wasMoved) continue;
    const oldPlace = placesBefore[n]?.place;
    record({
      name: step.name,
      displayName: step.displayName,
      type: step.type,
      kind: fields.length > 0 ? 'changed' : 'moved',
      moved: wasMoved,
      fields,
      ...(oldPlace ? { before: oldPlace } : {}),
      ...(place ? { after: place } : {}),
    });
  }
  for (const step of stepsInOrder(before)) {
    if (after.steps[numberOf(step.name)]) continue;
    const place = placesBefore[numberOf(step.name)]?.place;
    record({ name: step.name, displayName: step.displayName, type: step.type, kind: 'removed', moved: false, fields: [], ...(place ? { before: place } : {}) });
  }

  const triggerFields = stepFields(before.trigger, after.trigger);
  const trigger: StepChange | null =
    triggerFields.length > 0
      ? { name: TRIGGER_NAME, displayName: after.trigger.displayName, type: after.trigger.type, kind: 'changed', moved: false, fields: triggerFields }
      : null;
  const name = before.displayName !== after.displayName ? { before: before.displayName, after: after.displayName } : null;
  return { name, trigger, steps, counts };
}

/** True when the two versions have no difference this diff shows. */
export const isEmptyDiff = (diff: VersionDiff): boolean => diff.name === null && diff.trigger === null && diff.steps.length === 0;
