/**
 * The right-click menus, the palette and the new keys read the command registry: each item is a
 * command with its key and its enabled state, read-only versions lose the edits, the palette filters by
 * every word and lists steps too, Ctrl/Cmd+F and Ctrl/Cmd+K are taken from the browser on the canvas but
 * left to fields (a code editor's own search), and F2 / 'Add step before' act on the primary step.
 * Against the real store and worker API (over a MessageChannel), as registry.test.ts does.
 */
import { describe, expect, it } from '@rstest/core';
import type { FlatVersion } from '../../../src/domain/flow/index.ts';
import type { CommandContext } from '../../../src/ui/screens/editor/commands/command.ts';
import { editorCommands } from '../../../src/ui/screens/editor/commands/editor-commands.ts';
import { insertBefore } from '../../../src/ui/screens/editor/commands/step-commands.ts';
import { menuLines, type MenuEntry } from '../../../src/ui/screens/editor/canvas/context-menu-items.ts';
import { emptyNameMessage } from '../../../src/ui/screens/editor/canvas/card-rename.tsx';
import { paletteItems } from '../../../src/ui/screens/editor/find/palette-items.ts';
import type { EditorRemote } from '../../../src/ui/screens/editor/store/editor-remote.ts';
import { EditorStore } from '../../../src/ui/screens/editor/store/editor-store.ts';
import { dispatchEditorKey } from '../../../src/ui/screens/editor/use-editor-shortcuts.ts';
import { createServer, openInputFrom, sampleVersion, startEditor } from '../../worker/support/editor-harness.ts';

async function openStore(version: FlatVersion = sampleVersion()) {
  const server = createServer(version);
  const harness = await startEditor({ server });
  const store = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
  await store.open(openInputFrom(server, version.id));
  return { store, close: async () => (await store.dispose(), await harness.close()) };
}

const anchor = () => ({ left: 0, top: 0, bottom: 10, right: 10 });
const entries = (lines: ReturnType<typeof menuLines>) => lines.filter((line): line is MenuEntry => line !== 'separator');

function press(key: string, init: KeyboardEventInit = {}, target: HTMLElement = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('menus and the palette from the command registry', () => {
  it('builds the step menu from commands, with their keys and enabled states', async () => {
    const { store, close } = await openStore();
    const renamed: string[] = [];
    const context: CommandContext = { store, ui: { anchorOf: anchor, renameStep: (name) => void renamed.push(name), testStep: () => undefined, openSettings: () => undefined } };
    store.select('step_1');
    const menu = entries(menuLines('step', editorCommands, context));
    expect(menu.map((line) => line.label)).toEqual([
      'Open settings', 'Rename', 'Test step', 'Add step before', 'Add step after', 'Copy', 'Paste after', 'Duplicate', 'Skip or unskip', 'Delete',
    ]);
    const byLabel = new Map(menu.map((line) => [line.label, line]));
    expect(byLabel.get('Duplicate')).toMatchObject({ id: 'selection.duplicate', keys: 'Ctrl/Cmd+D', disabled: false });
    expect(byLabel.get('Rename')).toMatchObject({ id: 'step.rename', keys: 'F2', disabled: false });
    expect(byLabel.get('Delete')).toMatchObject({ danger: true, keys: 'Delete' });

    // An item runs its command: Duplicate adds '<name> Copy', exactly as Ctrl+D does.
    expect(editorCommands.run(byLabel.get('Duplicate')!.id, context)).toBe(true);
    await expect.poll(() => store.version?.steps.some((step) => step?.displayName.endsWith(' Copy'))).toBe(true);
    // F2 renames the primary step in place; the trigger cannot be renamed there.
    expect(dispatchEditorKey(editorCommands, context, press('F2'))).toBe('step.rename');
    expect(renamed).toEqual([store.primary]);
    store.select('trigger');
    expect(entries(menuLines('step', editorCommands, context)).find((line) => line.label === 'Rename')?.disabled).toBe(true);
    await close();
  });

  it('drops edits from the menus on a read-only version', async () => {
    const { store, close } = await openStore(sampleVersion({ state: 'LOCKED' }));
    const context: CommandContext = { store, ui: { anchorOf: anchor, renameStep: () => undefined, openSettings: () => undefined } };
    store.select('step_1');
    expect(entries(menuLines('step', editorCommands, context)).map((line) => line.label)).toEqual(['Open settings', 'Test step', 'Copy']);
    expect(entries(menuLines('canvas', editorCommands, context)).map((line) => line.label)).toEqual(['Find a step', 'Command palette', 'Fit view', 'Zoom in', 'Zoom out']);
    await close();
  });

  it('adds before a step where the + above it would: after its parent, first in a loop or a branch', async () => {
    const { store, close } = await openStore();
    store.select('step_2');
    expect(insertBefore(store)).toEqual({ parentStep: 'step_1', location: 'AFTER' });
    store.select('step_1');
    expect(insertBefore(store)).toEqual({ parentStep: 'trigger', location: 'AFTER' });
    store.select('trigger');
    expect(insertBefore(store)).toBeNull();
    await close();
  });

  it('lists every command in the palette with its key, disabled ones last and marked, and steps by name', async () => {
    const { store, close } = await openStore();
    const context: CommandContext = { store, ui: { openFind: () => undefined } };
    store.clearSelection();
    const all = paletteItems(editorCommands, context, '');
    expect(all.find((item) => item.id === 'command:find.step')).toMatchObject({ keys: 'Ctrl/Cmd+F', disabled: false, group: 'Commands' });
    expect(all.find((item) => item.id === 'command:selection.delete')).toMatchObject({ disabled: true, group: 'Not available now' });
    expect(all.some((item) => item.id === 'command:palette.open')).toBe(false);
    const firstDisabled = all.findIndex((item) => item.disabled);
    expect(all.slice(firstDisabled).every((item) => item.disabled)).toBe(true);
    // Every word must appear; steps follow the commands.
    expect(paletteItems(editorCommands, context, 'select next').map((item) => item.id)).toEqual(['command:selection.next']);
    const steps = paletteItems(editorCommands, context, 'STEP_2').filter((item) => item.group === 'Steps');
    expect(steps.map((item) => item.detail)).toEqual(['step_2']);
    await close();
  });

  it('takes Ctrl/Cmd+F and Ctrl/Cmd+K from the browser on the canvas, and leaves them to fields', async () => {
    const { store, close } = await openStore();
    let finds = 0;
    let palettes = 0;
    const context: CommandContext = { store, ui: { openFind: () => void finds++, openPalette: () => void palettes++ } };
    const find = press('f', { ctrlKey: true });
    expect(dispatchEditorKey(editorCommands, context, find)).toBe('find.step');
    expect(find.defaultPrevented).toBe(true);
    expect(dispatchEditorKey(editorCommands, context, press('k', { metaKey: true }))).toBe('palette.open');
    // A code editor's content is editable: its own search keeps Ctrl+F.
    const editor = document.createElement('div');
    editor.contentEditable = 'true';
    document.body.append(editor);
    const inField = press('f', { ctrlKey: true }, editor);
    expect(dispatchEditorKey(editorCommands, context, inField)).toBeNull();
    expect(inField.defaultPrevented).toBe(false);
    editor.remove();
    expect([finds, palettes]).toEqual([1, 1]);
    await close();
  });

  it('refuses an empty name in the words the app uses', () => {
    expect(emptyNameMessage('   ')).toBe('Enter a name');
    expect(emptyNameMessage('Send')).toBeNull();
  });
});
