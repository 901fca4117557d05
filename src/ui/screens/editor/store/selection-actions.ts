/**
 * What the editor does to the selected steps (copy, delete, duplicate, skip), over the store: the
 * operations come from selection-edits.ts (pure), in flow order, and a multi-step duplicate is one undo
 * entry. The commands (clipboard-commands.ts, selection-commands.ts) call these.
 */
import { copyToClipboard } from '../../../../domain/flow/index.ts';
import type { EditorStore } from './editor-store.ts';
import { duplicateOperations, toggleSkipOperation } from './selection-edits.ts';

/** The clipboard text for the selection (null when nothing is selected or only the trigger). */
export function copySelection(store: EditorStore): string | null {
  const version = store.version;
  const names = store.selectedInFlowOrder();
  if (!version || names.length === 0) return null;
  return copyToClipboard(version, names);
}

export async function deleteSelection(store: EditorStore): Promise<void> {
  const names = store.selectedInFlowOrder();
  if (names.length === 0) return;
  await store.apply({ type: 'DELETE_ACTION', request: { names } });
}

export async function duplicateSelection(store: EditorStore): Promise<void> {
  const operations = duplicateOperations(store.selectedInFlowOrder());
  if (operations.length === 1) await store.apply(operations[0]!);
  else if (operations.length > 1) await store.applyBatch(operations, `Duplicate ${operations.length} steps`);
}

/** Skips the selection, or unskips it when every selected step is skipped already. */
export async function toggleSkipSelection(store: EditorStore): Promise<void> {
  const names = store.selectedInFlowOrder();
  if (names.length > 0) await store.apply(toggleSkipOperation(store.version, names));
}
