/**
 * The operation a settings change sends: UPDATE_ACTION or UPDATE_TRIGGER with the complete request, as
 * the editor core replaces the step with it. No `valid`: the domain judges the step it is given, and
 * the panel shows the verdict when the mirror catches up. Pure, so the rules are testable without React.
 */
import type { FlatStep, FlatTrigger, FlowOperationInput, UpdateActionRequest, UpdateTriggerRequest } from '../../../../domain/index.ts';
import type { EditableSubject } from './edit-context.ts';

export function updateOperation(subject: EditableSubject): FlowOperationInput {
  if (subject.name === 'trigger') {
    const trigger = subject as FlatTrigger;
    const request = {
      name: 'trigger',
      type: trigger.type,
      displayName: trigger.displayName,
      settings: trigger.settings,
    } as UpdateTriggerRequest;
    return { type: 'UPDATE_TRIGGER', request };
  }
  const step = subject as FlatStep;
  const request = {
    name: step.name,
    type: step.type,
    displayName: step.displayName,
    settings: step.settings,
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
