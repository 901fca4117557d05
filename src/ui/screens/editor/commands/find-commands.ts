/**
 * Finding things: Ctrl/Cmd+F opens the find box over the canvas (steps by name or display name),
 * Ctrl/Cmd+K the command palette (every command, and steps). Both claim their key on the canvas so the
 * browser's own find and location bar stay shut; in a field the key is the field's (the dispatcher
 * never sees keys typed there: a code editor's own search keeps Ctrl+F).
 */
import { defineCommands } from './command.ts';

export const FIND_COMMANDS = defineCommands([
  {
    id: 'find.step',
    label: 'Find a step',
    keys: ['Mod+F'],
    allowedReadOnly: true,
    claimsKey: true,
    canRun: ({ store, ui }) => store.head !== null && ui.openFind !== undefined,
    run: ({ ui }) => ui.openFind?.(),
  },
  {
    id: 'palette.open',
    label: 'Command palette',
    keys: ['Mod+K'],
    allowedReadOnly: true,
    claimsKey: true,
    canRun: ({ ui }) => ui.openPalette !== undefined,
    run: ({ ui }) => ui.openPalette?.(),
  },
]);
