/**
 * What the store shows before the worker answers: a name being typed on its card, and undo and redo.
 *
 * Undo and redo shown on the keypress: every answer previews what the next undo and redo apply when they
 * move nothing on the canvas, and the store shows them before the worker answers (the worker confirms).
 * Anything that would make the preview wrong (an edit in flight, a relinking entry, a refusal, a different
 * entry undone) falls back to the worker's answer, and the mirror always ends as the worker's version.
 */
import { describe, expect, it } from '@rstest/core';
import { reaction } from 'mobx';
import { stepsInOrder, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import type { EditorRemote } from '../../src/ui/screens/editor/store/editor-remote.ts';
import { EditorStore } from '../../src/ui/screens/editor/store/editor-store.ts';
import { updateOperation } from '../../src/ui/screens/editor/settings/step-request.ts';
import { editorCommand } from '../../src/ui/screens/editor/commands/editor-commands.ts';
import type { CommandContext } from '../../src/ui/screens/editor/commands/command.ts';
import { PREVIEW_MAX_CHARS, PREVIEW_MAX_PATCHES } from '../../src/worker/replay-preview.ts';
import { addCodeStep, createServer, typeUrl, openInputFrom, sampleVersion, startEditor, type EditorHarness } from './support/editor-harness.ts';
import { waitUntil } from './support/manual-timers.ts';

type Opened = { store: EditorStore; harness: EditorHarness };

async function openStore(wrap: (remote: EditorRemote) => EditorRemote = (remote) => remote): Promise<Opened> {
  const version = sampleVersion();
  const server = createServer(version);
  const harness = await startEditor({ server });
  const store = new EditorStore({ remote: wrap(harness.remote as unknown as EditorRemote), storage: null });
  await store.open(openInputFrom(server, version.id));
  await waitUntil(() => store.canvas.ready, 'the first layout');
  return { store, harness };
}

async function close({ store, harness }: Opened): Promise<void> {
  await store.dispose();
  await harness.close();
}

function rename(store: EditorStore, name: string, displayName: string): FlowOperationInput {
  return updateOperation({ ...store.step(name)!, displayName });
}

const titleOf = (store: EditorStore, name: string) => store.step(name)?.displayName;
const workerVersion = (harness: EditorHarness): FlatVersion => harness.core.currentVersion()!;

describe('undo and redo shown before the worker answers', () => {
  it('shows an undone rename at once, and the redo too; the worker confirms both', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    expect(titleOf(store, 'step_1')).toBe('Fetch orders');

    const undone = store.undo();
    // Not awaited: the mirror already shows the old name.
    expect(titleOf(store, 'step_1')).toBe('Code');
    const shown = store.version;
    await undone;
    expect(store.version).toBe(shown); // the answer named the same entry: nothing applied twice
    expect(store.version).toEqual(workerVersion(harness));
    expect(store.canRedo).toBe(true);

    const redone = store.redo();
    expect(titleOf(store, 'step_1')).toBe('Fetch orders');
    await redone;
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('undoes a typing burst in one preview of one patch, shown at once', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    let last;
    for (const typed of ['F', 'Fe', 'Fet', 'Fetc', 'Fetch']) last = await harness.remote.apply(rename(store, 'step_1', typed));
    expect(last!.next?.undo?.patches).toHaveLength(1);
    // The store learns the preview from its own answers: one more keystroke through it.
    await store.apply(rename(store, 'step_1', 'Fetch!'));
    const undone = store.undo();
    expect(titleOf(store, 'step_1')).toBe('Code');
    await undone;
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('waits for the worker when an edit is still on its way, and ends as the worker’s version', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    const typing = store.apply(rename(store, 'step_1', 'Fetch orders now'));
    const undone = store.undo();
    // The preview describes the entry before this keystroke: not shown.
    expect(titleOf(store, 'step_1')).toBe('Fetch orders');
    await Promise.all([typing, undone]);
    expect(titleOf(store, 'step_1')).toBe('Code'); // one undo reverts the whole typing burst
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('sends an undo pressed before the first edit is answered, instead of dropping it', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    const context: CommandContext = { store, ui: { showShortcuts: () => undefined } };
    const undo = editorCommand('history.undo');
    expect(undo.canRun(context)).toBe(false); // nothing to undo yet
    // What the Undo button renders from: it must follow the edit on its way, not only the answers.
    const enabled: boolean[] = [];
    const stop = reaction(() => undo.canRun(context), (can) => void enabled.push(can));
    const typing = store.apply(rename(store, 'step_1', 'Fetch orders'));
    expect(titleOf(store, 'step_1')).toBe('Code');
    expect(store.typedTitles.of('step_1')).toBe('Fetch orders'); // the card shows it already
    expect(store.canUndo).toBe(false);
    expect(undo.canRun(context)).toBe(true);
    await Promise.all([typing, undo.run(context)]);
    expect(titleOf(store, 'step_1')).toBe('Code');
    expect(store.canRedo).toBe(true);
    expect(enabled).toEqual([true, false]);
    stop();
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('does not show an undo that moves steps: the canvas needs the worker’s layout for it', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    const added = await store.apply(addCodeStep('step_3', 'step_2'));
    expect(added.next?.undo).toBeNull();
    const undone = store.undo();
    expect(store.step('step_3')).toBeDefined();
    await undone;
    expect(stepsInOrder(store.version!).map((step) => step.name)).toEqual(['step_1', 'step_2']);
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('takes the shown undo back when the worker refuses it', async () => {
    let refuse = false;
    const opened = await openStore((remote) =>
      new Proxy(remote, {
        get: (target, key) =>
          key === 'undo' && refuse ? () => Promise.reject(Object.assign(new Error('The version is being published'), { code: 'BUSY' })) : Reflect.get(target, key),
      }),
    );
    const { store } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    refuse = true;
    const undone = store.undo();
    expect(titleOf(store, 'step_1')).toBe('Code');
    await expect(undone).rejects.toMatchObject({ code: 'BUSY' });
    expect(titleOf(store, 'step_1')).toBe('Fetch orders');
    await close(opened);
  });

  it('applies the worker’s answer instead when it undid another entry than the one shown', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    await store.apply(rename(store, 'step_2', 'Send mail'));
    // The worker's history changes behind the store's back: the rename of step_2 is undone already.
    harness.core.undo();
    const undone = store.undo();
    expect(titleOf(store, 'step_2')).toBe('Action'); // shown: the preview the store had
    await undone;
    // The worker undid the rename of step_1: the shown undo is taken back and the answer applied.
    expect(titleOf(store, 'step_1')).toBe('Code');
    expect(titleOf(store, 'step_2')).toBe('Send mail');
    await close(opened);
  });

  it('redoes the worker’s answer instead when it redid another entry than the one shown', async () => {
    const opened = await openStore();
    const { store } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    await store.apply(rename(store, 'step_2', 'Send mail'));
    await store.undo();
    await store.undo();
    opened.harness.core.redo(); // behind the store's back: the rename of step_1 is redone already
    const redone = store.redo();
    expect(titleOf(store, 'step_1')).toBe('Fetch orders'); // shown: the preview the store had
    await redone;
    expect(titleOf(store, 'step_1')).toBe('Code'); // taken back
    expect(titleOf(store, 'step_2')).toBe('Send mail'); // what the worker redid
    await close(opened);
  });

  it('shows an undo after a gesture began and made no edit: the worker undoes the same entry', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    await store.apply(rename(store, 'step_1', 'Fetch orders'));
    const gesture = store.beginGesture('Drag');
    await waitUntil(() => store.undoable && store.canUndo, 'the mark begun');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const undone = store.undo();
    expect(titleOf(store, 'step_1')).toBe('Code');
    await undone;
    await gesture.commit();
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('shows the undo of a JSON field typed from text into an object, whose patches cannot be collapsed', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    const withBody = (body: unknown) => {
      const step = store.step('step_1')!;
      return updateOperation({ ...step, settings: { ...step.settings, input: { ...(step.settings.input as object), body } } } as typeof step);
    };
    await store.apply(withBody(''));
    store.breakGroup(); // the typing burst below is one entry of its own
    for (const body of ['{"a":1', { a: 1 }, { a: 12 }, '{"a":12,']) await store.apply(withBody(body));
    const undone = store.undo();
    expect((store.step('step_1')!.settings.input as { body?: unknown }).body).toBe(''); // shown at once
    await undone;
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('previews nothing during a gesture, nor for an entry too long to send with every answer', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    await harness.remote.beginMark('drag');
    const inGesture = await harness.remote.apply(rename(store, 'step_1', 'Fetch orders'));
    expect(inGesture.next).toBeUndefined();
    const committed = await harness.remote.commitMark('drag');
    expect(committed.next?.undo?.patches.length).toBeGreaterThan(0);
    // A long value: its undo (the short one back) is previewed, its redo (the long one again) is not.
    const long = await harness.remote.apply(typeUrl(`https://example.com/${'a'.repeat(PREVIEW_MAX_CHARS)}`));
    expect(long.next?.undo).not.toBeNull();
    const undoneLong = await harness.remote.undo();
    expect(undoneLong?.next?.redo).toBeNull();
    expect(undoneLong?.next?.undo).not.toBeNull(); // the committed gesture, below it
    // A settings change touching more fields than a preview carries.
    const step = store.step('step_1')!;
    const input = Object.fromEntries(Array.from({ length: PREVIEW_MAX_PATCHES + 1 }, (_, i) => [`field${i}`, i]));
    const wide = await harness.remote.apply(updateOperation({ ...step, settings: { ...step.settings, input } } as typeof step));
    expect(wide.next?.undo).toBeNull();
    await close(opened);
  });
});

describe('a name being typed, shown on its card before the worker answers', () => {
  it('shows each keystroke at once and keeps the newest until the last answer, when the mirror has it', async () => {
    const opened = await openStore();
    const { store, harness } = opened;
    const first = store.apply(rename(store, 'step_1', 'F'));
    expect(store.typedTitles.of('step_1')).toBe('F');
    const second = store.apply(updateOperation({ ...store.step('step_1')!, displayName: 'Fe' }));
    expect(store.typedTitles.of('step_1')).toBe('Fe');
    await first;
    // The mirror has 'F' now; the card still shows the newer keystroke.
    expect(titleOf(store, 'step_1')).toBe('F');
    expect(store.typedTitles.of('step_1')).toBe('Fe');
    await second;
    expect(store.typedTitles.of('step_1')).toBeUndefined();
    expect(titleOf(store, 'step_1')).toBe('Fe');
    expect(store.version).toEqual(workerVersion(harness));
    await close(opened);
  });

  it('shows nothing for an update of another field, and the mirror’s name again when the worker refuses', async () => {
    const opened = await openStore();
    const { store } = opened;
    const url = store.apply(typeUrl('https://example.com'));
    expect(store.typedTitles.of('step_1')).toBeUndefined();
    await url;
    const missing = store.apply(updateOperation({ ...store.step('step_1')!, name: 'step_9', displayName: 'Ghost' }));
    expect(store.typedTitles.of('step_9')).toBe('Ghost');
    await expect(missing).rejects.toMatchObject({ code: 'STEP_NOT_FOUND' });
    expect(store.typedTitles.of('step_9')).toBeUndefined();
    await close(opened);
  });
});
