/**
 * The panels and dialogs the top bar opens: runs, versions, and the shortcuts list. There is no Copilot
 * command: the server has no Copilot backend, and a button opening a panel that only says so is noise
 * (issue 17). SPEC's 'copilot' right panel stays in the store's model for when one exists.
 */
import type { EditorStore, LeftPanel } from '../store/editor-store.ts';
import { defineCommands, type CommandContext } from './command.ts';

/** The runs switch stays pressed while a run's details (opened from the runs list) are shown. */
function isLeftOpen(store: EditorStore, panel: Exclude<LeftPanel, 'none' | 'run-details'>): boolean {
  return store.leftPanel === panel || (panel === 'runs' && store.leftPanel === 'run-details');
}

function toggleLeft(panel: 'runs' | 'versions') {
  return {
    isActive: ({ store }: CommandContext) => isLeftOpen(store, panel),
    run: ({ store }: CommandContext) => store.setLeftPanel(isLeftOpen(store, panel) ? 'none' : panel),
  };
}

export const PANEL_COMMANDS = defineCommands([
  { id: 'panel.runs', label: 'Runs', keys: [], allowedReadOnly: true, canRun: () => true, ...toggleLeft('runs') },
  { id: 'panel.versions', label: 'Versions', keys: [], allowedReadOnly: true, canRun: () => true, ...toggleLeft('versions') },
  {
    id: 'help.shortcuts',
    label: 'Keyboard shortcuts',
    keys: ['?'],
    allowedReadOnly: true,
    claimsKey: true,
    canRun: ({ ui }) => ui.showShortcuts !== undefined,
    run: ({ ui }) => ui.showShortcuts?.(),
  },
]);
