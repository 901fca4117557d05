/**
 * Commands on the one step a context menu or the keyboard points at (the primary selection): rename it
 * in place on its card (F2), add a step before it, test it, and open the context menu from the keyboard
 * (Shift+F10 or the Menu key), so every menu item is a command with the same rules as its shortcut.
 */
import type { InsertAt } from '../../../../worker/index.ts';
import type { EditorStore } from '../store/editor-store.ts';
import { defineCommands, type CommandContext } from './command.ts';

/** The primary selection when it is a step (not the trigger). */
function primaryStep(store: Pick<EditorStore, 'primary' | 'step'>) {
  const name = store.primary;
  return name && name !== 'trigger' ? store.step(name) : undefined;
}

/** Where a step hangs, as the '+' above it would insert: after its parent, first in a loop or a branch. */
export function insertBefore(store: Pick<EditorStore, 'primary' | 'step'>): InsertAt | null {
  const step = primaryStep(store);
  if (!step) return null;
  const { step: parentStep, slot } = step.parent;
  if (slot === 'next') return { parentStep, location: 'AFTER' };
  if (slot === 'loop') return { parentStep, location: 'INSIDE_LOOP' };
  return { parentStep, location: 'INSIDE_BRANCH', branchIndex: slot };
}

const testable = ({ store }: CommandContext) => {
  const type = primaryStep(store)?.type;
  return type === 'CODE' || type === 'PIECE';
};

export const STEP_COMMANDS = defineCommands([
  {
    id: 'step.rename',
    label: 'Rename the selected step',
    short: 'Rename',
    keys: ['F2'],
    allowedReadOnly: false,
    canRun: ({ store, ui }) => primaryStep(store) !== undefined && ui.renameStep !== undefined,
    run: ({ store, ui }) => {
      if (store.primary) ui.renameStep?.(store.primary);
    },
  },
  {
    id: 'step.add-before',
    label: 'Add a step before the selected step',
    short: 'Add step before',
    keys: [],
    allowedReadOnly: false,
    canRun: ({ store, ui }) => insertBefore(store) !== null && store.primary !== null && ui.anchorOf?.(store.primary) != null,
    run: ({ store, ui }) => {
      const at = insertBefore(store);
      const anchor = store.primary ? ui.anchorOf?.(store.primary) : null;
      if (at && anchor) store.openPicker(at, anchor);
    },
  },
  {
    id: 'step.test',
    label: 'Test the selected step',
    short: 'Test step',
    keys: [],
    // Tests run against the server's copy and keep a sample, as 'Test step' in the panel does.
    allowedReadOnly: true,
    canRun: (context) => testable(context) && context.ui.testStep !== undefined,
    run: ({ store, ui }) => {
      if (store.primary) ui.testStep?.(store.primary);
    },
  },
  {
    id: 'menu.open',
    label: 'Open the context menu',
    keys: ['Shift+F10', 'ContextMenu'],
    allowedReadOnly: true,
    claimsKey: true,
    canRun: ({ ui }) => ui.openContextMenu !== undefined,
    run: ({ ui }) => ui.openContextMenu?.(),
  },
]);
