/**
 * MOVE_ACTION: one operation that is "delete then add" (SPEC §4) without losing anything: the step leaves
 * its slot with what it contains (the steps after it stay behind and close the gap) and goes to the new
 * placement. It keeps its name, so references to it stay valid. Refused: moving the trigger, making a
 * step its own parent, or moving a step into its own loop body or branches.
 */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation, stepNotFound } from '../errors.ts';
import { TRIGGER_NAME } from '../names.ts';
import type { MoveActionRequest } from '../operation-schemas.ts';
import { linkInto, resolvePlacement, unlink } from '../placement.ts';
import { containedHeads, isInside } from '../structure.ts';

export function moveAction(edit: VersionEdit, request: MoveActionRequest): void {
  const { name, newParentStep } = request;
  if (name === TRIGGER_NAME) throw invalidOperation('The trigger cannot be moved');
  const step = edit.require(name);
  if (newParentStep !== TRIGGER_NAME && !edit.get(newParentStep)) throw stepNotFound(newParentStep);
  if (newParentStep === name) throw invalidOperation(`${name} cannot be placed relative to itself`);
  // Only a loop or router that holds steps has an inside to check (see isInside for the cost).
  const holdsSteps = containedHeads(step).length > 0;
  if (holdsSteps && newParentStep !== TRIGGER_NAME && isInside((n) => edit.get(n), newParentStep, name)) {
    throw invalidOperation(`${name} cannot move inside itself (${newParentStep} is in its subtree)`);
  }
  const ref = resolvePlacement(edit, newParentStep, request.stepLocationRelativeToNewParent, request.branchIndex);
  unlink(edit, name);
  linkInto(edit, name, ref);
}
