/**
 * The operation a settings change sends: UPDATE_ACTION or UPDATE_TRIGGER with the complete request, as
 * the editor core replaces the step with it, and `valid` judged by the pieces catalogue on the new step.
 * Pure, so the rules are testable without React.
 */
import type { FlatStep, FlatTrigger, FlowOperationInput, UpdateActionRequest, UpdateTriggerRequest } from '../../../../domain/index.ts';
import { stepValidity, triggerValidity } from '../../../../domain/pieces/index.ts';
import type { EditableSubject } from './edit-context.ts';

/** The subject with `valid` recomputed: what the panel keeps as its draft after sending. */
export function withValidity<T extends EditableSubject>(subject: T): T {
  const valid = subject.name === 'trigger' ? triggerValidity(subject as FlatTrigger) : stepValidity(subject as FlatStep);
  return subject.valid === valid ? subject : { ...subject, valid };
}

export function updateOperation(subject: EditableSubject): FlowOperationInput {
  if (subject.name === 'trigger') {
    const trigger = subject as FlatTrigger;
    const request = {
      name: 'trigger',
      type: trigger.type,
      displayName: trigger.displayName,
      settings: trigger.settings,
      valid: triggerValidity(trigger),
    } as UpdateTriggerRequest;
    return { type: 'UPDATE_TRIGGER', request };
  }
  const step = subject as FlatStep;
  const request = {
    name: step.name,
    type: step.type,
    displayName: step.displayName,
    settings: step.settings,
    valid: stepValidity(step),
    ...(step.customLogoUrl === undefined ? {} : { customLogoUrl: step.customLogoUrl }),
  } as UpdateActionRequest;
  return { type: 'UPDATE_ACTION', request };
}

/** Activepieces' `errorHandlingOptions.continueOnFailure.value`, false when absent. */
export function continuesOnFailure(settings: { errorHandlingOptions?: Record<string, unknown> }): boolean {
  const option = settings.errorHandlingOptions?.continueOnFailure;
  return typeof option === 'object' && option !== null && (option as { value?: unknown }).value === true;
}

export function withContinueOnFailure<S extends { errorHandlingOptions?: Record<string, unknown> }>(settings: S, value: boolean): S {
  return { ...settings, errorHandlingOptions: { ...settings.errorHandlingOptions, continueOnFailure: { value } } };
}
