/**
 * Splits a version into its chains: the top chain (after the trigger), every loop body and every
 * non-empty branch. A chain is the unit of layout and of caching. Walks with an explicit stack and a loop
 * down `next`, so a 10,000-step chain costs no stack depth.
 */
import { stepNumber } from '../../domain/flow/names.ts';
import type { FlatStep, FlatVersion, StepName } from '../../domain/flow/types.ts';

export interface Chain {
  head: FlatStep;
  /** The chain's steps in order, head first. */
  members: FlatStep[];
  /** Nesting level: 0 for the top chain; a body or branch is one more than the chain holding its step. */
  depth: number;
}

export function stepAt(version: FlatVersion, name: StepName): FlatStep {
  const step = version.steps[stepNumber(name)];
  if (!step) throw new Error(`layout: ${name} is linked but not in the version`);
  return step;
}

/** The first steps of the chains a step holds, in order: a loop's body, a router's branches (null = empty). */
export function childHeads(step: FlatStep): (StepName | null)[] {
  if (step.type === 'LOOP_ON_ITEMS') return [step.firstLoopStep];
  if (step.type === 'ROUTER') return step.children;
  return [];
}

/** Every chain of the version, each after the chain that holds it (parents first). */
export function collectChains(version: FlatVersion): Chain[] {
  const chains: Chain[] = [];
  const first = version.trigger.next;
  if (first === null) return chains;
  const pending: { head: StepName; depth: number }[] = [{ head: first, depth: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const members: FlatStep[] = [];
    let name: StepName | null = item.head;
    while (name !== null) {
      const step = stepAt(version, name);
      members.push(step);
      for (const head of childHeads(step)) if (head !== null) pending.push({ head, depth: item.depth + 1 });
      name = step.next;
    }
    chains.push({ head: members[0] as FlatStep, members, depth: item.depth });
  }
  return chains;
}
