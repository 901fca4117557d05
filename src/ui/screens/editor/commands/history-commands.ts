/** Undo and redo: the worker's history (one entry per edit, typing burst or gesture). */
import { defineCommands } from './command.ts';
import { failWith } from './notify.ts';

export const HISTORY_COMMANDS = defineCommands([
  {
    id: 'history.undo',
    label: 'Undo',
    keys: ['Mod+Z'],
    allowedReadOnly: false,
    claimsKey: true,
    canRun: ({ store }) => store.undoable,
    run: ({ store }) => store.undo().catch(failWith('Nothing was undone')),
  },
  {
    id: 'history.redo',
    label: 'Redo',
    keys: ['Mod+Shift+Z', 'Mod+Y'],
    allowedReadOnly: false,
    claimsKey: true,
    canRun: ({ store }) => store.redoable,
    run: ({ store }) => store.redo().catch(failWith('Nothing was redone')),
  },
]);
