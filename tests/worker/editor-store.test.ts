/**
 * The UI thread's EditorStore against the real worker API (comlink over a MessageChannel, a fake
 * server): its mirror follows the worker by patches, keeps untouched steps' identity, gets the canvas
 * layout, and drives selection-wide edits, copy/paste between workflows and branch validity.
 */
import { describe, expect, it } from '@rstest/core';
import { createAction, fromStoredVersion, stepsInOrder, type FlatVersion } from '../../src/domain/flow/index.ts';
import type { EditorRemote } from '../../src/ui/screens/editor/store/editor-remote.ts';
import { EditorStore } from '../../src/ui/screens/editor/store/editor-store.ts';
import { reaction } from 'mobx';
import { addCodeStep, createServer, openInputFrom, sampleVersion, startEditor, storedOf, typeUrl, type EditorHarness } from './support/editor-harness.ts';
import { waitUntil } from './support/manual-timers.ts';
import { copySelection, deleteSelection, duplicateSelection, toggleSkipSelection } from '../../src/ui/screens/editor/store/selection-actions.ts';

async function openStore(version: FlatVersion = sampleVersion()): Promise<{ store: EditorStore; harness: EditorHarness }> {
  const server = createServer(version);
  const harness = await startEditor({ server });
  const store = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
  await store.open(openInputFrom(server, version.id));
  await waitUntil(() => store.canvas.ready, 'the first layout');
  return { store, harness };
}

/** The worker's answers to `openServed` held back until `release()`: the worker has opened, the store does not know yet. */
function holdServedOpens(harness: EditorHarness): { remote: EditorRemote; release: () => void } {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const remote = harness.remote as unknown as EditorRemote;
  const held = new Proxy(remote, {
    get: (target, key) =>
      key === 'openServed'
        ? async (...args: Parameters<EditorRemote['openServed']>) => {
            const answer = await target.openServed(...args);
            await released;
            return answer;
          }
        : Reflect.get(target, key),
  });
  return { remote: held, release };
}

async function close({ store, harness }: { store: EditorStore; harness: EditorHarness }): Promise<void> {
  await store.dispose();
  await harness.close();
}

const names = (store: EditorStore) => stepsInOrder(store.version!).map((step) => step.name);

describe('EditorStore', () => {
  it('opens a downloaded GET reply: the worker opens one copy, the store builds the same version from the other', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const store = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
    const json = new TextEncoder().encode(JSON.stringify(openInputFrom(server))).buffer;
    const opened = await store.openServed(json);
    expect(opened.version.id).toBe('v1');
    expect(names(store)).toEqual(['step_1', 'step_2']);
    // Laid out here, from the store's own build: the canvas is ready with the open.
    expect(store.canvas.ready).toBe(true);
    expect(store.canvas.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'trigger']);
    // The worker took that layout as sent and asks for ELK's refinement, which moves nothing here.
    await harness.waitForEvent((event) => event.type === 'layout-stale', 'the refinement request');
    const revision = store.canvas.revision;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.canvas.revision).toBe(revision);
    // Edits arrive as patches onto the store's own build; what the worker saves is what the store shows.
    await store.apply(addCodeStep('step_3', 'step_2'));
    await store.flush();
    const saved = fromStoredVersion(storedOf(server.versions.get('v1')!));
    expect(store.version!.steps).toEqual(saved.steps);
    expect(names(store)).toEqual(['step_1', 'step_2', 'step_3']);
    // Bytes that are not a workflow are refused by the worker, in words.
    const other = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
    await expect(other.openServed(new TextEncoder().encode('{"flow":{}}').buffer)).rejects.toMatchObject({ code: 'VALIDATION' });
    await close({ store, harness });
  });

  it('opens a downloaded reply that the check would change with the version the worker built, not its own', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const store = new EditorStore({ remote: harness.remote as unknown as EditorRemote, storage: null });
    const input = { ...openInputFrom(server), version: storedOf(server.versions.get('v1')!) };
    // An old row: a step field the domain does not know, and code settings without their default input.
    const [first] = input.version.steps as unknown as Array<Record<string, unknown>>;
    first!.note = 'kept by an older build';
    delete (first!.settings as { input?: unknown }).input;
    await store.openServed(new TextEncoder().encode(JSON.stringify(input)).buffer);
    const step = store.step('step_1')!;
    expect('note' in step).toBe(false);
    expect(step.settings).toMatchObject({ input: {} });
    expect(store.version).toEqual(harness.core.currentVersion());
    await waitUntil(() => store.canvas.ready, 'the layout from the worker');
    expect(store.canvas.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'trigger']);
    await close({ store, harness });
  });

  it('draws a large served version before the worker has checked it, read-only until the worker confirms', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const held = holdServedOpens(harness);
    const store = new EditorStore({ remote: held.remote, storage: null });
    const json = new TextEncoder().encode(JSON.stringify(openInputFrom(server))).buffer;
    let shown = 0;
    const opening = store.openServed(json, { onShown: () => shown++, drawUncheckedFrom: 0 });
    await waitUntil(() => shown === 1, 'the unchecked version shown');
    expect(store.confirming).toBe(true);
    expect(store.readOnly).toBe(true);
    expect(store.canvas.ready).toBe(true);
    expect(names(store)).toEqual(['step_1', 'step_2']);
    const drawn = store.version;
    // A step picked meanwhile stays picked once the worker confirms; its panel opens then.
    store.select('step_1');
    expect(store.rightPanel).toBe('none');
    held.release();
    await opening;
    expect(shown).toBe(2);
    expect(store.confirming).toBe(false);
    expect(store.readOnly).toBe(false);
    expect(store.version).toBe(drawn);
    expect(store.primary).toBe('step_1');
    expect(store.rightPanel).toBe('piece-settings');
    await store.apply(addCodeStep('step_3', 'step_2'));
    expect(names(store)).toEqual(['step_1', 'step_2', 'step_3']);
    await close({ store, harness });
  });

  it('replaces an unchecked drawing with the version the worker built when its check changes it', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const held = holdServedOpens(harness);
    const store = new EditorStore({ remote: held.remote, storage: null });
    const input = { ...openInputFrom(server), version: storedOf(server.versions.get('v1')!) };
    delete ((input.version.steps as unknown as Array<Record<string, unknown>>)[0]!.settings as { input?: unknown }).input;
    const opening = store.openServed(new TextEncoder().encode(JSON.stringify(input)).buffer, { drawUncheckedFrom: 0 });
    await waitUntil(() => store.confirming, 'the unchecked version shown');
    expect(store.step('step_1')!.settings).not.toHaveProperty('input');
    held.release();
    await opening;
    expect(store.confirming).toBe(false);
    expect(store.step('step_1')!.settings).toMatchObject({ input: {} });
    expect(store.version).toEqual(harness.core.currentVersion());
    await waitUntil(() => store.canvas.ready, 'the layout from the worker');
    await close({ store, harness });
  });

  it('reads and draws a large reply before the worker gets it, and hands the worker the bytes once painted', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const posted: number[] = [];
    const remote = harness.remote as unknown as EditorRemote;
    const watched = new Proxy(remote, {
      get: (target, key) =>
        key === 'openServed'
          ? (bytes: ArrayBuffer) => (posted.push(bytes.byteLength), target.openServed(bytes))
          : Reflect.get(target, key),
    });
    const store = new EditorStore({ remote: watched, storage: null });
    const json = new TextEncoder().encode(JSON.stringify(openInputFrom(server))).buffer;
    const size = json.byteLength;
    let paint!: () => void;
    const painted = new Promise<void>((resolve) => (paint = resolve));
    const opening = store.openServed(json, { drawUncheckedFrom: 0, readFirstFrom: 0, painted: () => painted });
    await waitUntil(() => store.confirming, 'the unchecked version drawn');
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Drawn and read-only; the worker has nothing to check yet.
    expect(posted).toEqual([]);
    expect(store.readOnly).toBe(true);
    expect(names(store)).toEqual(['step_1', 'step_2']);
    paint();
    await opening;
    // The bytes themselves went (moved, not copied): the store no longer holds them.
    expect(posted).toEqual([size]);
    expect(json.byteLength).toBe(0);
    expect(store.confirming).toBe(false);
    expect(store.readOnly).toBe(false);
    await store.apply(addCodeStep('step_3', 'step_2'));
    expect(names(store)).toEqual(['step_1', 'step_2', 'step_3']);
    // A large reply this thread cannot read still reaches the worker, which says what is wrong.
    const other = new EditorStore({ remote: watched, storage: null });
    const bad = other.openServed(new TextEncoder().encode('{"flow":{}}').buffer, { readFirstFrom: 0, painted: () => new Promise(() => undefined) });
    await expect(bad).rejects.toMatchObject({ code: 'VALIDATION' });
    await close({ store, harness });
  });

  it('does not draw a small served version before the worker answers', async () => {
    const server = createServer(sampleVersion());
    const harness = await startEditor({ server });
    const held = holdServedOpens(harness);
    const store = new EditorStore({ remote: held.remote, storage: null });
    const opening = store.openServed(new TextEncoder().encode(JSON.stringify(openInputFrom(server))).buffer);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.version).toBeNull();
    expect(store.confirming).toBe(false);
    held.release();
    await opening;
    expect(store.readOnly).toBe(false);
    await close({ store, harness });
  });

  it('mirrors the worker by patches: an edit replaces only the steps it touched, and the canvas follows', async () => {
    const opened = await openStore();
    const { store } = opened;
    expect(store.primary).toBe('step_2'); // the first invalid step
    expect(store.canvas.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'trigger']);
    const before = store.version!;
    await store.apply(addCodeStep('step_3', 'step_2'));
    expect(names(store)).toEqual(['step_1', 'step_2', 'step_3']);
    expect(store.version!.steps[1]).toBe(before.steps[1]); // untouched: same object
    expect(store.primary).toBe('step_3');
    await waitUntil(() => store.canvas.layoutOf('step_3') !== undefined, 'the new card laid out');
    expect(store.canvas.edges.map((edge) => edge.id)).toContain('step_2->step_3');
    await store.undo();
    expect(names(store)).toEqual(['step_1', 'step_2']);
    await close(opened);
  });

  it('tells the chrome of a change to the version’s name or validity, and not of a step’s edit', async () => {
    const opened = await openStore();
    const { store } = opened;
    const heads: Array<{ displayName: string; valid: boolean }> = [];
    const stop = reaction(
      () => store.head,
      (head) => head && heads.push({ displayName: head.displayName, valid: head.valid }),
    );
    await store.apply(typeUrl('https://example.com'));
    expect(store.step('step_1')!.settings).toMatchObject({ input: { url: 'https://example.com' } });
    expect(heads).toEqual([]); // a step changed: the top bar, Run and the page title are not told
    await store.apply({ type: 'CHANGE_NAME', request: { displayName: 'Renamed flow' } });
    expect(heads).toEqual([{ displayName: 'Renamed flow', valid: false }]);
    await store.undo();
    expect(heads.at(-1)).toEqual({ displayName: 'Orders', valid: false });
    stop();
    await close(opened);
  });

  it('deletes, skips and duplicates the whole selection as one edit each', async () => {
    const opened = await openStore();
    const { store } = opened;
    await store.apply(addCodeStep('step_3', 'step_2'));
    store.select('step_1');
    store.select('step_3', true);
    expect(store.selectedInFlowOrder()).toEqual(['step_1', 'step_3']);
    await toggleSkipSelection(store);
    expect(store.step('step_1')?.skip).toBe(true);
    expect(store.step('step_3')?.skip).toBe(true);
    await toggleSkipSelection(store);
    expect(store.step('step_1')?.skip).toBe(false);
    store.selectMany(['step_1', 'step_3']);
    await duplicateSelection(store);
    expect(stepsInOrder(store.version!).map((step) => step.displayName)).toEqual(['Code', 'Code Copy', 'Action', 'Code', 'Code Copy']);
    await store.undo();
    expect(names(store)).toEqual(['step_1', 'step_2', 'step_3']);
    store.selectMany(['step_3', 'step_1']);
    await deleteSelection(store);
    expect(names(store)).toEqual(['step_2']);
    await close(opened);
  });

  it('copies steps from one workflow and pastes them into another after the selected step', async () => {
    const source = await openStore();
    const target = await openStore(sampleVersion({ id: 'v2', flowId: 'f2' }));
    source.store.selectMany(['step_1']);
    const text = copySelection(source.store);
    expect(text).toContain('flowsmith/steps');
    await target.store.paste(text!, { parentStep: 'step_2', location: 'AFTER' });
    expect(names(target.store)).toEqual(['step_1', 'step_2', 'step_3']);
    expect(target.store.primary).toBe('step_3');
    await close(source);
    await close(target);
  });

  it('keeps a router’s validity true to its branches when a branch is added or removed', async () => {
    const opened = await openStore();
    const { store } = opened;
    const router = createAction('ROUTER', 'step_3');
    await store.apply({ type: 'ADD_ACTION', request: { parentStep: 'step_2', stepLocationRelativeToParent: 'AFTER', action: router } });
    // Complete the only condition row: the router reports valid.
    const settings = { ...router.settings, branches: [{ branchName: 'Branch 1', branchType: 'CONDITION' as const, conditions: [[{ firstValue: 'a', secondValue: 'b', operator: 'TEXT_CONTAINS' as const, caseSensitive: false }]] }, router.settings.branches[1]!] };
    await store.apply({ type: 'UPDATE_ACTION', request: { ...router, settings, valid: true } });
    expect(store.step('step_3')?.valid).toBe(true);
    // A new branch starts with an empty row: incomplete, in the same undo entry as the add.
    await store.apply({ type: 'ADD_BRANCH', request: { stepName: 'step_3', branchIndex: 1, branchName: 'Branch 2' } });
    expect(store.step('step_3')?.valid).toBe(false);
    await store.apply({ type: 'DELETE_BRANCH', request: { stepName: 'step_3', branchIndex: 1 } });
    expect(store.step('step_3')?.valid).toBe(true);
    await store.undo();
    expect(store.step('step_3')?.valid).toBe(false);
    const restored = store.step('step_3');
    expect(restored?.type === 'ROUTER' ? restored.settings.branches.length : 0).toBe(3);
    await close(opened);
  });

  it('makes a gesture one undo entry, and a cancelled gesture leaves nothing behind', async () => {
    const opened = await openStore();
    const { store } = opened;
    const before = names(store);

    // A gesture's edits reach the server as they happen; one undo reverts them all.
    const adding = store.beginGesture('Add two steps');
    await store.apply(addCodeStep('step_3', 'step_2'));
    await store.apply(addCodeStep('step_4', 'step_3'));
    await adding.commit();
    expect(names(store)).toEqual([...before, 'step_3', 'step_4']);
    await store.undo();
    expect(names(store)).toEqual(before);
    expect(store.canUndo).toBe(false);
    await store.redo();
    expect(names(store)).toEqual([...before, 'step_3', 'step_4']);

    // A cancelled gesture's edits are reverted on the mirror too.
    const broken = store.beginGesture('Broken');
    await store.apply(addCodeStep('step_5', 'step_4'));
    await broken.cancel();
    expect(names(store)).toEqual([...before, 'step_3', 'step_4']);
    expect(store.canRedo).toBe(false);

    // Closing a gesture twice does nothing the second time.
    const gesture = store.beginGesture('Move a step');
    await store.apply({ type: 'DELETE_ACTION', request: { names: ['step_4'] } });
    await gesture.commit();
    await gesture.cancel();
    expect(names(store)).toEqual([...before, 'step_3']);
    await store.undo();
    expect(names(store)).toEqual([...before, 'step_3', 'step_4']);
    await close(opened);
  });
});
