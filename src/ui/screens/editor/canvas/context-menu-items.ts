/**
 * The canvas's right-click menus as lists of commands: every item runs a command of the registry, so it
 * does what its shortcut does, is enabled by the same `canRun`, and shows the same key. Pure, so the
 * menus are tested without a browser.
 */
import type { CommandContext } from '../commands/command.ts';
import type { EditorCommandId } from '../commands/editor-commands.ts';
import { keyHint, type CommandRegistry } from '../commands/registry.ts';

export type MenuKind = 'step' | 'canvas';

type MenuDefinition = readonly (readonly [EditorCommandId, string, { danger?: true }?] | 'separator')[];

/** On a step (the selection): what applies to it, destructive last. */
const STEP_MENU: MenuDefinition = [
  ['step.open-settings', 'Open settings'],
  ['step.rename', 'Rename'],
  ['step.test', 'Test step'],
  'separator',
  ['step.add-before', 'Add step before'],
  ['step.add', 'Add step after'],
  'separator',
  ['clipboard.copy', 'Copy'],
  ['clipboard.paste', 'Paste after'],
  ['selection.duplicate', 'Duplicate'],
  ['selection.skip', 'Skip or unskip'],
  'separator',
  ['selection.delete', 'Delete', { danger: true }],
];

/** On the canvas's background. */
const CANVAS_MENU: MenuDefinition = [
  ['clipboard.paste', 'Paste'],
  ['step.add', 'Add step after the selected step'],
  'separator',
  ['find.step', 'Find a step'],
  ['palette.open', 'Command palette'],
  'separator',
  ['view.fit', 'Fit view'],
  ['view.zoom-in', 'Zoom in'],
  ['view.zoom-out', 'Zoom out'],
  'separator',
  ['history.undo', 'Undo'],
  ['history.redo', 'Redo'],
];

export interface MenuEntry {
  /** The command's id (also the menu item's value). */
  id: string;
  label: string;
  keys: string | null;
  disabled: boolean;
  danger: boolean;
}

export type MenuLine = MenuEntry | 'separator';

/** A menu's lines now: labels, keys and enabled states from the registry. Read-only hides edits. */
export function menuLines(kind: MenuKind, registry: CommandRegistry, context: CommandContext): MenuLine[] {
  const lines: MenuLine[] = [];
  for (const line of kind === 'step' ? STEP_MENU : CANVAS_MENU) {
    if (line === 'separator') {
      if (lines.length > 0 && lines[lines.length - 1] !== 'separator') lines.push('separator');
      continue;
    }
    const [id, label, options] = line;
    const command = registry.get(id);
    if (!command.allowedReadOnly && context.store.readOnly) continue;
    lines.push({ id, label, keys: keyHint(command), disabled: !registry.isEnabled(command, context), danger: options?.danger === true });
  }
  while (lines[lines.length - 1] === 'separator') lines.pop();
  return lines;
}
