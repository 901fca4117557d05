/**
 * DUPLICATE_ACTION: copies a step with everything inside it (not the steps after it) and puts the copy
 * right after the original. As in Activepieces, every copied step is named '<displayName> Copy' and gets a
 * fresh step_N (in flow order); `{{...}}` references between the copied steps follow the new names in
 * every string of their settings (inputs, loop items, branch conditions, code); sample-data and last-test
 * fields are cleared. References to steps outside the copy are left as they are. A copy keeps its
 * original's `valid`: the domain judged the original, and the copy holds the same configuration.
 *
 * Cost is proportional to the copied subtree, never to the flow.
 */
import type { VersionEdit } from '../edit.ts';
import { invalidOperation } from '../errors.ts';
import { plain } from '../immer.ts';
import { TRIGGER_NAME } from '../names.ts';
import type { DuplicateStepRequest } from '../operation-schemas.ts';
import { linkInto } from '../placement.ts';
import { copySettings } from '../references.ts';
import { collectSubtree } from '../structure.ts';
import type { FlatLoopStep, FlatRouterStep, FlatStep } from '../types.ts';

export interface Copies {
  steps: FlatStep[];
  /** Old name → new name, for rewriting references in anything else copied along (branch conditions). */
  rename: ReadonlyMap<string, string>;
}

/** Copies of the named steps (a closed subtree or chain) under fresh names, not yet inserted. */
export function copySteps(edit: VersionEdit, names: readonly string[]): Copies {
  const rename = new Map<string, string>();
  for (const name of names) rename.set(name, edit.reserveName());
  const mapName = (name: string): string => rename.get(name) ?? name;
  const steps = names.map((name): FlatStep => {
    const step = plain(edit.require(name));
    // Built field by field, not with spreads: this runs once per copied step (1,000 for a big loop).
    const copy = {
      name: mapName(step.name),
      type: step.type,
      displayName: `${step.displayName} Copy`,
      valid: step.valid,
      settings: copySettings(step.settings, rename),
      next: step.next === null ? null : mapName(step.next),
      parent: { step: mapName(step.parent.step), slot: step.parent.slot },
    } as FlatStep;
    if (step.skip !== undefined) copy.skip = step.skip;
    if (step.customLogoUrl !== undefined) copy.customLogoUrl = step.customLogoUrl;
    if (step.type === 'LOOP_ON_ITEMS') {
      (copy as FlatLoopStep).firstLoopStep = step.firstLoopStep === null ? null : mapName(step.firstLoopStep);
    } else if (step.type === 'ROUTER') {
      (copy as FlatRouterStep).children = step.children.map((child) => (child === null ? null : mapName(child)));
    }
    return copy;
  });
  return { steps, rename };
}

export function duplicateAction(edit: VersionEdit, request: DuplicateStepRequest): void {
  if (request.stepName === TRIGGER_NAME) throw invalidOperation('The trigger cannot be duplicated');
  edit.require(request.stepName);
  const copies = copySteps(edit, collectSubtree((n) => edit.get(n), request.stepName)).steps;
  for (const copy of copies) edit.insertCopy(copy);
  linkInto(edit, copies[0]!.name, { step: request.stepName, slot: 'next' });
}
