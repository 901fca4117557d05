/**
 * The edits the editor makes of a multi-step selection (delete, duplicate, skip): which operations, in
 * which order. Pure: the store sends what these answer.
 */
import { findStep, stepsInOrder, type FlatVersion, type FlowOperationInput } from '../../../../domain/flow/index.ts';

/** Selected step names (never the trigger) in flow order, so batch edits apply top-down. */
export function inFlowOrder(version: FlatVersion | null, selected: readonly string[]): string[] {
  const names = selected.filter((name) => name !== 'trigger');
  if (!version || names.length <= 1) return names;
  const wanted = new Set(names);
  return stepsInOrder(version)
    .map((step) => step.name)
    .filter((name) => wanted.has(name));
}

export function duplicateOperations(names: readonly string[]): FlowOperationInput[] {
  return names.map((stepName) => ({ type: 'DUPLICATE_ACTION' as const, request: { stepName } }));
}

/** Skips the steps, or unskips them when every one is skipped already. */
export function toggleSkipOperation(version: FlatVersion | null, names: readonly string[]): FlowOperationInput {
  const skipped = (name: string) => {
    const step = version === null ? undefined : findStep(version, name);
    return step !== undefined && 'skip' in step && step.skip === true;
  };
  const allSkipped = names.every(skipped);
  return { type: 'SET_SKIP_ACTION', request: { names: [...names], skip: !allSkipped } };
}
