/**
 * Whether two versions lay out alike: every field the layout reads is the same — the links (the
 * trigger's and each step's next, a loop's body, a router's branches), each step's type and a router's
 * branch names (its lanes' labels). A rename or a settings edit gives a step a new object but moves
 * nothing, and this tells so with identity checks, where laying the flow out again and comparing every
 * node took 40 ms at 10,000 steps.
 */
import type { FlatStep, FlatVersion } from '../../domain/flow/types.ts';

function sameBranches(a: FlatStep & { type: 'ROUTER' }, b: FlatStep & { type: 'ROUTER' }): boolean {
  if (a.children.length !== b.children.length) return false;
  for (let i = 0; i < a.children.length; i++) {
    if (a.children[i] !== b.children[i]) return false;
    if (a.settings.branches[i]?.branchName !== b.settings.branches[i]?.branchName) return false;
  }
  return true;
}

function sameStepInputs(a: FlatStep, b: FlatStep): boolean {
  if (a.name !== b.name || a.type !== b.type || a.next !== b.next) return false;
  if (a.type === 'LOOP_ON_ITEMS') return a.firstLoopStep === (b as typeof a).firstLoopStep;
  if (a.type === 'ROUTER') return sameBranches(a, b as typeof a);
  return true;
}

export function sameLayoutInputs(a: FlatVersion, b: FlatVersion): boolean {
  if (a === b) return true;
  if (a.trigger.next !== b.trigger.next || a.steps.length !== b.steps.length) return false;
  for (let i = 0; i < a.steps.length; i++) {
    const before = a.steps[i];
    const after = b.steps[i];
    if (before === after) continue;
    if (!before || !after || !sameStepInputs(before, after)) return false;
  }
  return true;
}
