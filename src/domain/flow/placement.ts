/**
 * Where a step goes and how it is linked there. A placement (SPEC §4, §5) is a parent and a location:
 * AFTER any step or the trigger, INSIDE_LOOP of a loop, INSIDE_BRANCH of a router with a branch index.
 * Anything else is FLOW_OPERATION_INVALID. Linking and unlinking touch the slot, the step and its
 * neighbour only, thanks to the parent pointers: O(1) whatever the flow's size.
 */
import type { StepLocation } from './constants.ts';
import type { VersionEdit } from './edit.ts';
import { invalidOperation, stepNotFound } from './errors.ts';
import { TRIGGER_NAME } from './names.ts';
import type { FlatRouterStep, ParentRef } from './types.ts';

export const copyRef = (ref: Readonly<ParentRef>): ParentRef => ({ step: ref.step, slot: ref.slot });

export function resolvePlacement(
  edit: VersionEdit,
  parentName: string,
  location: StepLocation = 'AFTER',
  branchIndex?: number,
): ParentRef {
  if (parentName === TRIGGER_NAME) {
    if (location !== 'AFTER') throw invalidOperation(`Steps go only AFTER the trigger, not ${location}`);
    return { step: TRIGGER_NAME, slot: 'next' };
  }
  const parent = edit.get(parentName);
  if (!parent) throw stepNotFound(parentName);
  switch (location) {
    case 'AFTER':
      return { step: parentName, slot: 'next' };
    case 'INSIDE_LOOP':
      if (parent.type !== 'LOOP_ON_ITEMS') {
        throw invalidOperation(`${parentName} is a ${parent.type} step, not a loop: it takes steps only ${allowedFor(parent.type)}`);
      }
      return { step: parentName, slot: 'loop' };
    case 'INSIDE_BRANCH': {
      if (parent.type !== 'ROUTER') {
        throw invalidOperation(`${parentName} is a ${parent.type} step, not a router: it takes steps only ${allowedFor(parent.type)}`);
      }
      const count = parent.settings.branches.length;
      if (branchIndex === undefined || !Number.isInteger(branchIndex) || branchIndex < 0 || branchIndex >= count) {
        throw invalidOperation(`INSIDE_BRANCH of ${parentName} needs a branch index from 0 to ${count - 1}, got ${String(branchIndex)}`);
      }
      return { step: parentName, slot: branchIndex };
    }
    default:
      throw invalidOperation(`Unknown step location '${String(location)}'`);
  }
}

function allowedFor(type: string): string {
  if (type === 'LOOP_ON_ITEMS') return 'AFTER or INSIDE_LOOP';
  if (type === 'ROUTER') return 'AFTER or INSIDE_BRANCH';
  return 'AFTER';
}

/** The step a slot points to. */
export function readSlot(edit: VersionEdit, ref: ParentRef): string | null {
  if (ref.step === TRIGGER_NAME) return edit.trigger.next;
  const parent = edit.require(ref.step);
  if (ref.slot === 'next') return parent.next;
  if (ref.slot === 'loop') return parent.type === 'LOOP_ON_ITEMS' ? parent.firstLoopStep : null;
  return parent.type === 'ROUTER' ? (parent.children[ref.slot] ?? null) : null;
}

export function writeSlot(edit: VersionEdit, ref: ParentRef, name: string | null): void {
  if (ref.step === TRIGGER_NAME) {
    edit.editTrigger().next = name;
    return;
  }
  const parent = edit.edit(ref.step);
  if (ref.slot === 'next') parent.next = name;
  else if (ref.slot === 'loop' && parent.type === 'LOOP_ON_ITEMS') parent.firstLoopStep = name;
  else if (typeof ref.slot === 'number' && parent.type === 'ROUTER') (parent as FlatRouterStep).children[ref.slot] = name;
  else throw invalidOperation(`${ref.step} has no slot '${String(ref.slot)}'`);
}

/**
 * Puts a step whose `next` is free into a slot; whatever the slot held moves after it. The step keeps
 * what it contains (a moved loop keeps its body).
 */
export function linkInto(edit: VersionEdit, name: string, ref: ParentRef): void {
  const occupant = readSlot(edit, ref);
  writeSlot(edit, ref, name);
  const step = edit.edit(name);
  step.parent = copyRef(ref);
  step.next = occupant;
  if (occupant !== null) edit.edit(occupant).parent = { step: name, slot: 'next' };
}

/** Takes a step (with what it contains) out of its slot; the step after it takes its place. */
export function unlink(edit: VersionEdit, name: string): void {
  const step = edit.require(name);
  const parent = copyRef(step.parent);
  const next = step.next;
  writeSlot(edit, parent, next);
  if (next !== null) edit.edit(next).parent = parent;
}
