/**
 * The editor's command registry: unique ids, ambiguous key bindings refused when it is built, read-only
 * filtering, "can I?" answered from the real store (against the real worker API over a MessageChannel),
 * the keyboard dispatch, and the shortcuts list's texts (SPEC-bound: the same as before the registry).
 */
import { describe, expect, it } from '@rstest/core';
import { stepsInOrder, type FlatVersion } from '../../../src/domain/flow/index.ts';
import type { CommandContext, EditorCommand } from '../../../src/ui/screens/editor/commands/command.ts';
import { EDITOR_COMMAND_LIST, editorCommand, editorCommands } from '../../../src/ui/screens/editor/commands/editor-commands.ts';
import { chordIdOfEvent, compactChord, parseChord, spokenChord } from '../../../src/ui/screens/editor/commands/key-chords.ts';
import { CommandRegistry, commandTitle } from '../../../src/ui/screens/editor/commands/registry.ts';
import { SHORTCUT_ROWS } from '../../../src/ui/screens/editor/commands/shortcut-sheet.ts';
import type { EditorRemote } from '../../../src/ui/screens/editor/store/editor-remote.ts';
import { EditorStore } from '../../../src/ui/screens/editor/store/editor-store.ts';
import { dispatchEditorKey } from '../../../src/ui/screens/editor/use-editor-shortcuts.ts';
import { addCodeStep, createServer, openInputFrom, sampleVersion, startEditor, type EditorHarness } from '../../worker/support/editor-harness.ts';
import { waitUntil } from '../../worker/support/manual-timers.ts';

const command = (id: string, keys: string[], extra: Partial<EditorCommand> = {}): EditorCommand => ({
  id,
  label: id,
  keys,
  allowedReadOnly: true,
  canRun: () => true,
  run: () => undefined,
  ...extra,
});

async function openStore(version: FlatVersion = sampleVersion()): Promise<{ store: EditorStore; harness: EditorHarness }> {
  const server = createServer(version);
  const harness = await startEditor({ server });
  const store = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
  await store.open(openInputFrom(server, version.id));
  return { store, harness };
}

async function close({ store, harness }: { store: EditorStore; harness: EditorHarness }): Promise<void> {
  await store.dispose();
  await harness.close();
}

function press(key: string, init: KeyboardEventInit = {}, target: HTMLElement = document.body): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

describe('the editor command registry', () => {
  it('gives every command a unique id and builds without a conflict', () => {
    const ids = EDITOR_COMMAND_LIST.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => new CommandRegistry(EDITOR_COMMAND_LIST)).not.toThrow();
    expect(() => new CommandRegistry([command('a', []), command('a', [])])).toThrow("Two editor commands have the id 'a'");
    expect(() => editorCommands.get('no.such')).toThrow("No editor command has the id 'no.such'");
  });

  it('refuses two commands on the same normalised chord in one scope, naming both', () => {
    expect(() => new CommandRegistry([command('one', ['Mod+Z']), command('two', ['mod+z'])])).toThrow(
      "Ambiguous key binding Ctrl/Cmd+z in scope 'editor': both 'one' and 'two' claim it",
    );
    // Shift is part of typing '?', so 'Shift+?' is '?'.
    expect(() => new CommandRegistry([command('help', ['?']), command('other', ['Shift+?'])])).toThrow(/Ambiguous key binding/);
    // Modifiers are order-free.
    expect(() => new CommandRegistry([command('a', ['Mod+Shift+Z']), command('b', ['Shift+Mod+Z'])])).toThrow(/both 'a' and 'b'/);
    // Another scope, another chord, or one command naming a chord twice are fine.
    expect(() => new CommandRegistry([command('a', ['Mod+Z']), command('b', ['Mod+Z'], { scope: 'picker' })])).not.toThrow();
    expect(() => new CommandRegistry([command('a', ['Mod+Z']), command('b', ['Mod+Shift+Z'])])).not.toThrow();
    expect(() => new CommandRegistry([command('a', ['Delete', 'delete'])])).not.toThrow();
    // The built-in list would fail the same way if a command took a bound chord.
    expect(() => new CommandRegistry([...EDITOR_COMMAND_LIST, command('zap', ['Mod+Y'])])).toThrow(/both 'history.redo' and 'zap'/);
    expect(() => parseChord('Hyper+Z')).toThrow("Unreadable key binding 'Hyper+Z'");
  });

  it('reads key presses as chords: Ctrl or Cmd, letters without case, Shift+/ as ?', () => {
    const id = (key: string, init: Partial<KeyboardEvent> = {}) =>
      chordIdOfEvent({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...init });
    expect(id('z', { ctrlKey: true })).toBe(id('Z', { metaKey: true }));
    expect(id('Z', { metaKey: true, shiftKey: true })).toBe('mod+shift+z');
    expect(id('?', { shiftKey: true })).toBe('?');
    expect(id('/', { shiftKey: true })).toBe('?');
    expect(editorCommands.forKey({ key: 'y', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })?.id).toBe('history.redo');
    expect(editorCommands.forKey({ key: 's', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false })).toBeUndefined();
    expect(spokenChord('Mod+Shift+Z')).toBe('Ctrl/Cmd + Shift + Z');
    expect(compactChord('Mod+Enter')).toBe('Ctrl/Cmd+Enter');
  });

  it('keeps the shortcuts list and the tooltips word for word', () => {
    expect(SHORTCUT_ROWS).toEqual([
      { keys: 'Ctrl/Cmd + Z', action: 'Undo' },
      { keys: 'Ctrl/Cmd + Shift + Z, Ctrl/Cmd + Y', action: 'Redo' },
      { keys: 'Delete, Backspace', action: 'Delete the selected steps' },
      { keys: 'Ctrl/Cmd + C', action: 'Copy the selected steps' },
      { keys: 'Ctrl/Cmd + V', action: 'Paste after the selected step' },
      { keys: 'Ctrl/Cmd + D', action: 'Duplicate the selected steps' },
      { keys: 'S', action: 'Skip or unskip the selected steps' },
      { keys: 'Arrow keys', action: 'Select the next or previous step' },
      { keys: 'Enter', action: 'Open the selected step’s settings' },
      { keys: 'Ctrl/Cmd + Enter', action: 'Run this version' },
      { keys: 'Shift + E', action: 'Change status' },
      { keys: 'M', action: 'Change folder' },
      { keys: 'Shift + click, drag on the canvas', action: 'Select several steps' },
      { keys: 'Escape', action: 'Close the open panel' },
      { keys: 'Ctrl/Cmd + F', action: 'Find a step' },
      { keys: 'Ctrl/Cmd + K', action: 'Command palette' },
      { keys: 'F2', action: 'Rename the selected step' },
      { keys: 'Shift + F10, ContextMenu', action: 'Open the context menu' },
      { keys: 'Ctrl/Cmd + B', action: 'Toggle the sidebar (elsewhere in the app)' },
      { keys: 'Escape, then Tab', action: 'Leave the code editor (Tab indents in it)' },
      { keys: '?', action: 'Show this list' },
    ]);
    expect(commandTitle(editorCommand('history.undo'))).toBe('Undo (Ctrl/Cmd+Z)');
    expect(commandTitle(editorCommand('history.redo'))).toBe('Redo (Ctrl/Cmd+Shift+Z)');
    expect(commandTitle(editorCommand('help.shortcuts'))).toBe('Keyboard shortcuts (?)');
    expect(commandTitle(editorCommand('workflow.run'))).toBe('Run this version (Ctrl/Cmd+Enter)');
    expect(commandTitle(editorCommand('workflow.export'))).toBe('Export JSON');
    // The settings panel's buttons act on its one step, with the selection commands' keys as hints.
    expect(commandTitle(editorCommand('selection.duplicate'), 'Duplicate step')).toBe('Duplicate step (Ctrl/Cmd+D)');
    expect(commandTitle(editorCommand('selection.delete'), 'Delete step')).toBe('Delete step (Delete)');
  });

  it('offers only the commands a read-only version allows, and refuses the rest even when asked by id', async () => {
    const opened = await openStore(sampleVersion({ state: 'LOCKED' }));
    const context: CommandContext = { store: opened.store, ui: { showShortcuts: () => undefined } };
    expect(opened.store.readOnly).toBe(true);
    const allowed = editorCommands.allowed(context).map((c) => c.id);
    for (const id of ['clipboard.copy', 'workflow.run', 'workflow.export', 'panel.runs', 'panel.versions', 'help.shortcuts', 'selection.next', 'view.fit']) {
      expect(allowed).toContain(id);
    }
    for (const id of ['history.undo', 'history.redo', 'clipboard.paste', 'selection.delete', 'selection.duplicate', 'selection.skip', 'step.add', 'workflow.publish', 'workflow.import']) {
      expect(allowed).not.toContain(id);
    }
    opened.store.select('step_1');
    const before = opened.store.version;
    expect(editorCommands.run('selection.delete', context)).toBe(false);
    expect(opened.store.version).toBe(before);
    // Ctrl+D is still taken from the browser (no bookmark dialog), but nothing is duplicated.
    const duplicate = press('d', { ctrlKey: true });
    expect(dispatchEditorKey(editorCommands, context, duplicate)).toBeNull();
    expect(duplicate.defaultPrevented).toBe(true);
    // Copy is allowed read-only.
    expect(editorCommands.isEnabled(editorCommand('clipboard.copy'), context)).toBe(true);
    await close(opened);
  });

  it('answers "can I?" from the store as it changes, and the keyboard runs only what can run', async () => {
    const opened = await openStore();
    const { store } = opened;
    let shown = 0;
    const focused: string[] = [];
    const context: CommandContext = { store, ui: { showShortcuts: () => void shown++, focusStep: (name) => void focused.push(name) } };
    const enabled = (id: Parameters<typeof editorCommand>[0]) => editorCommands.isEnabled(editorCommand(id), context);

    store.clearSelection();
    expect(enabled('selection.delete')).toBe(false);
    expect(enabled('history.undo')).toBe(false);
    // Nothing selected: Ctrl+C stays the browser's (copying selected text), Delete does nothing.
    const copy = press('c', { ctrlKey: true });
    expect(dispatchEditorKey(editorCommands, context, copy)).toBeNull();
    expect(copy.defaultPrevented).toBe(false);

    await store.apply(addCodeStep('step_3', 'step_2'));
    expect(enabled('history.undo')).toBe(true);
    expect(enabled('selection.delete')).toBe(true); // the new step is selected
    expect(enabled('workflow.run')).toBe(false); // no runner on this surface

    // Delete runs on the selection; Ctrl+Z brings it back.
    const del = press('Delete');
    expect(dispatchEditorKey(editorCommands, context, del)).toBe('selection.delete');
    expect(del.defaultPrevented).toBe(true);
    await waitUntil(() => !store.step('step_3'), 'the step deleted');
    expect(dispatchEditorKey(editorCommands, context, press('z', { metaKey: true }))).toBe('history.undo');
    await waitUntil(() => store.step('step_3') !== undefined, 'the delete undone');

    // Arrows move along the flow and hand the step to the screen to focus.
    store.select('step_1');
    expect(dispatchEditorKey(editorCommands, context, press('ArrowDown'))).toBe('selection.next');
    expect(store.primary).toBe('step_2');
    expect(focused).toEqual(['step_2']);

    // Keys typed into a field are the field's; Enter on a button activates the button.
    const field = document.createElement('input');
    document.body.append(field);
    expect(dispatchEditorKey(editorCommands, context, press('Delete', {}, field))).toBeNull();
    expect(store.step('step_2')).toBeDefined();
    const button = document.createElement('button');
    document.body.append(button);
    expect(dispatchEditorKey(editorCommands, { ...context, ui: { ...context.ui, openSettings: () => undefined } }, press('Enter', {}, button))).toBeNull();
    field.remove();
    button.remove();

    // '?' opens the list; Escape closes one thing at a time and leaves the key to the page.
    expect(dispatchEditorKey(editorCommands, context, press('?', { shiftKey: true }))).toBe('help.shortcuts');
    expect(shown).toBe(1);
    store.setLeftPanel('runs');
    store.setRightPanel('piece-settings');
    const escape = press('Escape');
    dispatchEditorKey(editorCommands, context, escape);
    expect(escape.defaultPrevented).toBe(false);
    expect([store.rightPanel, store.leftPanel]).toEqual(['none', 'runs']);
    dispatchEditorKey(editorCommands, context, press('Escape'));
    expect(store.leftPanel).toBe('none');
    dispatchEditorKey(editorCommands, context, press('Escape'));
    expect(store.primary).toBeNull();

    // S skips the selection; the toggle's pressed state and the panel switches read the store.
    store.selectMany(['step_1', 'step_3']);
    dispatchEditorKey(editorCommands, context, press('s'));
    await waitUntil(() => store.step('step_3')?.skip === true, 'the selection skipped');
    expect(stepsInOrder(store.version!).filter((s) => s.skip).map((s) => s.name)).toEqual(['step_1', 'step_3']);
    expect(editorCommand('panel.runs').isActive?.(context)).toBe(false);
    editorCommands.run('panel.runs', context);
    expect(store.leftPanel).toBe('runs');
    expect(editorCommand('panel.runs').isActive?.(context)).toBe(true);
    store.openRun('run-1');
    expect(editorCommand('panel.runs').isActive?.(context)).toBe(true); // run details come from the runs list
    await close(opened);
  });

  it('opens the step picker after the selected step, at its card, on an editable version only', async () => {
    const opened = await openStore();
    const { store } = opened;
    const add = editorCommand('step.add');
    const card = { left: 10, top: 20, bottom: 80, right: 210 };
    const context: CommandContext = { store, ui: { anchorOf: (name) => (name === 'step_1' ? card : null) } };
    store.select('step_2');
    expect(editorCommands.isEnabled(add, context)).toBe(false); // its card is not drawn
    store.select('step_1');
    expect(editorCommands.run(add, context)).toBe(true);
    expect(store.picker).toEqual({ insertAt: { parentStep: 'step_1', location: 'AFTER' }, anchor: card });
    store.closePicker();
    store.clearSelection();
    expect(editorCommands.isEnabled(add, context)).toBe(false);
    await close(opened);
  });

  it('runs a valid version with Ctrl/Cmd+Enter only through the screen’s runner, and not while one starts', () => {
    const run = editorCommand('workflow.run');
    const version = { ...sampleVersion(), valid: true };
    let starts = 0;
    const runner = { starting: false, start: async () => void starts++ };
    // The command reads the version's head (store/version-head.ts), as the real store gives it.
    const store = { head: { id: version.id, displayName: version.displayName, state: version.state, valid: true }, readOnly: true } as unknown as EditorStore;
    expect(run.canRun({ store, ui: {} })).toBe(false);
    expect(run.canRun({ store, ui: { runner } })).toBe(true);
    expect(run.canRun({ store, ui: { runner: { ...runner, starting: true } } })).toBe(false);
    expect(run.canRun({ store: { head: { ...store.head!, valid: false } } as unknown as EditorStore, ui: { runner } })).toBe(false);
    expect(editorCommands.run(run, { store, ui: { runner } })).toBe(true); // allowed on a read-only version
    expect(starts).toBe(1);
  });
  it('changes status and folder (SPEC §4) from the keyboard on any version, through the screen’s services only', async () => {
    const opened = await openStore(sampleVersion({ state: 'LOCKED' }));
    const { store } = opened;
    const calls: string[] = [];
    const ui = { toggleStatus: () => void calls.push('status'), chooseFolder: () => void calls.push('folder') };
    const context: CommandContext = { store, ui };
    const status = editorCommand('workflow.status');
    // The workflow changes, not the version: a read-only (published) version allows both.
    expect(store.readOnly).toBe(true);
    expect(editorCommands.allowed(context).map((c) => c.id)).toEqual(expect.arrayContaining(['workflow.status', 'workflow.folder']));
    expect(dispatchEditorKey(editorCommands, context, press('E', { shiftKey: true }))).toBe('workflow.status');
    expect(dispatchEditorKey(editorCommands, context, press('m'))).toBe('workflow.folder');
    expect(calls).toEqual(['status', 'folder']);
    // Plain 'e' is not the chord; a status change on its way blocks another; no services, no command.
    expect(dispatchEditorKey(editorCommands, context, press('e'))).toBeNull();
    expect(editorCommands.isEnabled(status, { store, ui: { ...ui, statusPending: true } })).toBe(false);
    expect(editorCommands.isEnabled(status, { store, ui: {} })).toBe(false);
    expect(editorCommands.isEnabled(editorCommand('workflow.folder'), { store, ui: {} })).toBe(false);
    // Its pressed state is the workflow's status, which the store takes from the workflow API's answer.
    expect(status.isActive?.(context)).toBe(false);
    store.setFlow({ ...store.flow!, status: 'ENABLED', folderId: 'f-1' });
    expect(status.isActive?.(context)).toBe(true);
    expect(store.flow?.folderId).toBe('f-1');
    // Another workflow's answer (a late reply after switching) is not taken.
    store.setFlow({ ...store.flow!, id: 'other', status: 'DISABLED' });
    expect(store.flow?.status).toBe('ENABLED');
    expect(commandTitle(status)).toBe('Change status (Shift+E)');
    await close(opened);
  });
});
