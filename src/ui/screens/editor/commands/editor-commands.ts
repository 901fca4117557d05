/**
 * Every command of the editor, in the order menus and the palette list them. Building the registry
 * here, at import, means an ambiguous key binding stops the editor's module from loading (and its unit
 * test from passing) instead of shipping.
 */
import { CLIPBOARD_COMMANDS } from './clipboard-commands.ts';
import { HISTORY_COMMANDS } from './history-commands.ts';
import { PANEL_COMMANDS } from './panel-commands.ts';
import { CommandRegistry } from './registry.ts';
import { SELECTION_COMMANDS } from './selection-commands.ts';
import { VIEW_COMMANDS } from './view-commands.ts';
import { WORKFLOW_COMMANDS } from './workflow-commands.ts';
import { FIND_COMMANDS } from './find-commands.ts';
import { STEP_COMMANDS } from './step-commands.ts';

export const EDITOR_COMMAND_LIST = [
  ...HISTORY_COMMANDS,
  ...CLIPBOARD_COMMANDS,
  ...SELECTION_COMMANDS,
  ...WORKFLOW_COMMANDS,
  ...PANEL_COMMANDS,
  ...VIEW_COMMANDS,
  ...FIND_COMMANDS,
  ...STEP_COMMANDS,
] as const;

export type EditorCommandId = (typeof EDITOR_COMMAND_LIST)[number]['id'];

export const editorCommands = new CommandRegistry(EDITOR_COMMAND_LIST);

/** A command by id, with the id checked against the list at compile time. */
export function editorCommand(id: EditorCommandId) {
  return editorCommands.get(id);
}
