/**
 * The shortcuts dialog's rows. Keys and names come from the commands; a row may join two commands
 * (the arrows), word a command for this list ('Show this list'), or describe a pointer gesture or a key
 * that belongs to the app rather than the editor.
 */
import { editorCommand, type EditorCommandId } from './editor-commands.ts';
import { spokenChord } from './key-chords.ts';

export interface ShortcutRow {
  keys: string;
  action: string;
}

type SheetEntry = EditorCommandId | { command?: EditorCommandId; keys?: string; action: string };

const SHEET: readonly SheetEntry[] = [
  'history.undo',
  'history.redo',
  'selection.delete',
  'clipboard.copy',
  'clipboard.paste',
  'selection.duplicate',
  'selection.skip',
  { keys: 'Arrow keys', action: 'Select the next or previous step' },
  'step.open-settings',
  'workflow.run',
  'workflow.status',
  'workflow.folder',
  { keys: 'Shift + click, drag on the canvas', action: 'Select several steps' },
  'panel.close',
  'find.step',
  'palette.open',
  'step.rename',
  'menu.open',
  { keys: 'Ctrl/Cmd + B', action: 'Toggle the sidebar (elsewhere in the app)' },
  // The code editor's keys are its own (settings/code/code-extensions.ts): Tab indents there.
  { keys: 'Escape, then Tab', action: 'Leave the code editor (Tab indents in it)' },
  { command: 'help.shortcuts', action: 'Show this list' },
];

function keysOf(id: EditorCommandId): string {
  return editorCommand(id).keys.map(spokenChord).join(', ');
}

export const SHORTCUT_ROWS: readonly ShortcutRow[] = SHEET.map((entry) => {
  if (typeof entry === 'string') return { keys: keysOf(entry), action: editorCommand(entry).label };
  return { keys: entry.keys ?? (entry.command ? keysOf(entry.command) : ''), action: entry.action };
});
