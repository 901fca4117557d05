/**
 * Commands on the selected steps (delete, duplicate, skip: one undo entry each, however many steps),
 * moving the selection along the flow, opening the selected step's settings, and Escape.
 */
import { stepsInOrder } from '../../../../domain/flow/index.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { defineCommands, type CommandContext } from './command.ts';
import { failWith } from './notify.ts';
import { deleteSelection, duplicateSelection, toggleSkipSelection } from '../store/selection-actions.ts';

const hasSelectedSteps = ({ store }: CommandContext) => store.selectedInFlowOrder().length > 0;

/** The step before or after the primary one in flow order (the trigger first); null at no version. */
export function neighbourStep(store: Pick<EditorStore, 'version' | 'primary'>, direction: 1 | -1): string | null {
  const version = store.version;
  if (!version) return null;
  const order = ['trigger', ...stepsInOrder(version).map((step) => step.name)];
  const at = store.primary ? order.indexOf(store.primary) : -1;
  return order[at < 0 ? 0 : Math.min(order.length - 1, Math.max(0, at + direction))] ?? null;
}

function selectNeighbour({ store, ui }: CommandContext, direction: 1 | -1): void {
  const next = neighbourStep(store, direction);
  if (!next) return;
  store.select(next);
  ui.focusStep?.(next);
}

/** Escape closes one thing at a time: the picker, then the right panel, then the left, then the selection. */
function closeOne(store: EditorStore): void {
  if (store.picker) store.closePicker();
  else if (store.rightPanel !== 'none') store.setRightPanel('none');
  else if (store.leftPanel !== 'none') store.setLeftPanel('none');
  else store.clearSelection();
}

export const SELECTION_COMMANDS = defineCommands([
  {
    id: 'selection.delete',
    label: 'Delete the selected steps',
    keys: ['Delete', 'Backspace'],
    allowedReadOnly: false,
    canRun: hasSelectedSteps,
    run: ({ store }) => deleteSelection(store).catch(failWith('The steps could not be deleted')),
  },
  {
    id: 'selection.duplicate',
    label: 'Duplicate the selected steps',
    keys: ['Mod+D'],
    allowedReadOnly: false,
    // The browser's Ctrl+D bookmarks the page: never let it through in the editor.
    claimsKey: true,
    canRun: hasSelectedSteps,
    run: ({ store }) => duplicateSelection(store).catch(failWith('The steps could not be duplicated')),
  },
  {
    id: 'selection.skip',
    label: 'Skip or unskip the selected steps',
    keys: ['S'],
    allowedReadOnly: false,
    canRun: hasSelectedSteps,
    run: ({ store }) => toggleSkipSelection(store).catch(failWith('The steps could not be skipped')),
  },
  {
    id: 'selection.next',
    label: 'Select the next step',
    keys: ['ArrowDown', 'ArrowRight'],
    allowedReadOnly: true,
    canRun: ({ store }) => store.head !== null,
    run: (context) => selectNeighbour(context, 1),
  },
  {
    id: 'selection.previous',
    label: 'Select the previous step',
    keys: ['ArrowUp', 'ArrowLeft'],
    allowedReadOnly: true,
    canRun: ({ store }) => store.head !== null,
    run: (context) => selectNeighbour(context, -1),
  },
  {
    // The '+' under the selected step, for menus and the palette: the picker opens at its card.
    id: 'step.add',
    label: 'Add a step after the selected step',
    keys: [],
    allowedReadOnly: false,
    canRun: ({ store, ui }) => store.primary !== null && ui.anchorOf?.(store.primary) != null,
    run: ({ store, ui }) => {
      const name = store.primary;
      const anchor = name ? ui.anchorOf?.(name) : null;
      if (name && anchor) store.openPicker({ parentStep: name, location: 'AFTER' }, anchor);
    },
  },
  {
    id: 'step.open-settings',
    label: 'Open the selected step’s settings',
    keys: ['Enter'],
    allowedReadOnly: true,
    canRun: ({ store, ui }) => store.primary !== null && ui.openSettings !== undefined,
    run: ({ ui }) => ui.openSettings?.(),
  },
  {
    id: 'panel.close',
    label: 'Close the open panel',
    keys: ['Escape'],
    allowedReadOnly: true,
    keepsDefault: true,
    canRun: () => true,
    run: ({ store }) => closeOne(store),
  },
]);
