/**
 * Which step the editor selects (SPEC §4): on open, the failed step of the run being inspected, else on a
 * non-locked version the first invalid step, else the trigger. After an edit, a new step or a copy gets
 * the selection, and a selection whose step disappeared (deleted, undone) falls back the same way.
 * Selection is not history: choosing a step never creates an undo entry or drops the redo part.
 */
import { findStep, firstInvalidStep, type FlatVersion, type FlowOperation, type Run } from '../domain/flow/index.ts';

const fallback = (version: FlatVersion): string => firstInvalidStep(version) ?? version.trigger.name;

export function initialSelection(version: FlatVersion, readOnly: boolean, run?: Run): string | null {
  const failed = run?.steps.find((step) => step.status === 'FAILED')?.step_name;
  if (failed !== undefined && findStep(version, failed)) return failed;
  return readOnly ? null : fallback(version);
}

/** Keeps `selected` while its step exists; `null` (nothing selected) stays null. */
export function keepSelection(version: FlatVersion, selected: string | null): string | null {
  if (selected === null || findStep(version, selected)) return selected;
  return fallback(version);
}

export function selectionAfter(operation: FlowOperation, before: FlatVersion, after: FlatVersion, selected: string | null): string | null {
  switch (operation.type) {
    case 'ADD_ACTION':
      return operation.request.action.name;
    case 'DUPLICATE_ACTION': {
      // The copy goes right after the original (domain: operations/duplicate.ts).
      const original = findStep(after, operation.request.stepName);
      const copy = original?.next ?? null;
      if (copy !== null && !findStep(before, copy)) return copy;
      return keepSelection(after, selected);
    }
    case 'UPDATE_TRIGGER':
      return after.trigger.name;
    case 'IMPORT_FLOW':
    case 'USE_AS_DRAFT':
      return fallback(after);
    default:
      return keepSelection(after, selected);
  }
}
