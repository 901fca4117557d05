/**
 * Copilot is not offered while there is no Copilot backend (issue 17): no command, so no header button,
 * no key and no row in the shortcuts list.
 */
import { describe, expect, it } from '@rstest/core';
import { EDITOR_COMMAND_LIST } from '../../../src/ui/screens/editor/commands/editor-commands.ts';
import { SHORTCUT_ROWS } from '../../../src/ui/screens/editor/commands/shortcut-sheet.ts';

describe('Copilot', () => {
  it('has no command, and so no header button, key or shortcuts row', () => {
    const mentions = (text: string) => /copilot/i.test(text);
    expect(EDITOR_COMMAND_LIST.filter((command) => mentions(command.id) || mentions(command.label))).toEqual([]);
    expect(SHORTCUT_ROWS.filter((row) => mentions(row.action))).toEqual([]);
  });
});
