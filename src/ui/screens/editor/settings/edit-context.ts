/**
 * What every field of the settings panel needs, without threading props through each small component:
 * whether editing is allowed, and how to send a change of the selected step.
 *
 * `update` takes a function of the step as it currently stands (including edits sent but not yet
 * mirrored back, see use-step-draft.ts) and the field path being changed. A path groups the change with
 * the next ones on the same field into one undo entry (typing); null makes it an entry of its own
 * (choosing an option, ticking a box, adding a row).
 */
import { createContext, useContext } from 'react';
import type { FlatStep, FlatTrigger, FlowOperationInput } from '../../../../domain/index.ts';

export type EditableSubject = FlatStep | FlatTrigger;

export interface StepEditContextValue {
  readOnly: boolean;
  stepName: string;
  update: (change: (subject: EditableSubject) => EditableSubject, fieldPath: string | null) => void;
  /** An operation other than the step's own update (skip, branches); never grouped. */
  send: (operation: FlowOperationInput) => void;
  breakGroup: () => void;
}

export const StepEditContext = createContext<StepEditContextValue | null>(null);

export function useStepEdit(): StepEditContextValue {
  const value = useContext(StepEditContext);
  if (!value) throw new Error('useStepEdit outside StepSettingsPanel');
  return value;
}

/** `update` narrowed to one step type, for the per-type editors. */
export function useTypedUpdate<T extends EditableSubject>() {
  const { update } = useStepEdit();
  return (change: (subject: T) => T, fieldPath: string | null) => update((subject) => change(subject as T), fieldPath);
}
