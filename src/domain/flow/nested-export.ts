/**
 * Flat version → nested (Activepieces) JSON, without recursion: every node is created in one pass over
 * the steps array, then linked in a second (`nextAction`, `firstLoopAction`, `children`), so a 10,000-step
 * chain costs two loops, not 10,000 stack frames. The result is plain data owned by the caller (settings
 * are deep-copied). Do not JSON.stringify it when the flow may be long (it recurses and fails near 5,000
 * levels in Node 20): `toNestedFlowJson` (nested-json.ts) writes the same text without recursing.
 *
 * Condition operators are written as Activepieces stores them: 'TEXT_STARTS_WITH' goes out under their
 * historical value 'TEXT_START_WITH' (the conditions module reads both).
 */
import { cloneJson, isPlainObject } from './json.ts';
import type { NestedAction, NestedFlowVersion, NestedTrigger } from './nested-types.ts';
import { stepNumber } from './names.ts';
import type { RouterSettings } from './schemas.ts';
import type { FlatStep, FlatVersion } from './types.ts';

const ACTIVEPIECES_OPERATOR_NAMES: Readonly<Record<string, string>> = { TEXT_STARTS_WITH: 'TEXT_START_WITH' };

function exportRouterSettings(settings: RouterSettings): RouterSettings {
  const copy = cloneJson(settings);
  for (const branch of copy.branches) {
    if (branch.branchType !== 'CONDITION') continue;
    for (const group of branch.conditions) {
      for (const row of group) {
        const renamed = ACTIVEPIECES_OPERATOR_NAMES[row.operator];
        if (renamed && isPlainObject(row)) (row as Record<string, unknown>).operator = renamed;
      }
    }
  }
  return copy;
}

/** A step's own fields as a nested node, without links (those are added after, in a fixed order). */
export function createNode(step: Readonly<FlatStep>): NestedAction {
  const common = {
    name: step.name,
    displayName: step.displayName,
    valid: step.valid,
    ...(step.skip === undefined ? {} : { skip: step.skip }),
    ...(step.customLogoUrl === undefined ? {} : { customLogoUrl: step.customLogoUrl }),
  };
  switch (step.type) {
    case 'CODE':
      return { ...common, type: 'CODE', settings: cloneJson(step.settings) };
    case 'PIECE':
      return { ...common, type: 'PIECE', settings: cloneJson(step.settings) };
    case 'LOOP_ON_ITEMS':
      return { ...common, type: 'LOOP_ON_ITEMS', settings: cloneJson(step.settings) };
    case 'ROUTER':
      // `children` is set with the other links, so every node lists nextAction before its inner links.
      return { ...common, type: 'ROUTER', settings: exportRouterSettings(step.settings) } as NestedAction;
  }
}

export function exportTrigger(version: FlatVersion): NestedTrigger {
  const t = version.trigger;
  const common = { name: t.name, displayName: t.displayName, valid: t.valid };
  return t.type === 'EMPTY'
    ? { ...common, type: 'EMPTY', settings: cloneJson(t.settings) }
    : { ...common, type: 'PIECE_TRIGGER', settings: cloneJson(t.settings) };
}

export function toNestedFlow(version: FlatVersion): NestedFlowVersion {
  const { steps } = version;
  const nodes: (NestedAction | undefined)[] = new Array<NestedAction | undefined>(steps.length);
  for (let n = 1; n < steps.length; n++) {
    const step = steps[n];
    if (step) nodes[n] = createNode(step);
  }
  const nodeOf = (name: string): NestedAction => nodes[stepNumber(name)]!;
  for (let n = 1; n < steps.length; n++) {
    const step = steps[n];
    const node = nodes[n];
    if (!step || !node) continue;
    if (step.next !== null) node.nextAction = nodeOf(step.next);
    if (step.type === 'LOOP_ON_ITEMS' && node.type === 'LOOP_ON_ITEMS' && step.firstLoopStep !== null) {
      node.firstLoopAction = nodeOf(step.firstLoopStep);
    }
    if (step.type === 'ROUTER' && node.type === 'ROUTER') node.children = step.children.map((c) => (c === null ? null : nodeOf(c)));
  }
  const trigger = exportTrigger(version);
  if (version.trigger.next !== null) trigger.nextAction = nodeOf(version.trigger.next);
  return { displayName: version.displayName, trigger, valid: version.valid, schemaVersion: version.schemaVersion };
}
