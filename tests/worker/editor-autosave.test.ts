import { describe, expect, it } from '@rstest/core';
import { IDBFactory } from 'fake-indexeddb';
import { toStoredContent } from '../../src/domain/flow/index.ts';
import type { EditorEvent } from '../../src/worker/editor-types.ts';
import { readUnsavedPieces } from '../../src/worker/unsaved-record.ts';
import { openEditorStorage } from '../../src/worker/persistence.ts';
import { ManualTimers, addCodeStep, createServer, openInputFrom, sampleVersion, settle, startEditor, typeUrl } from './support/editor-harness.ts';
import { waitUntil } from './support/manual-timers.ts';

const saveStatuses = (events: EditorEvent[]) =>
  events.flatMap((event) => (event.type === 'save-status' ? [event.status.status] : []));

/** A 'saved' event that follows a `before` status: the outcome of the work the test started. */
const savedAfter = (before: 'saving' | 'error') => (event: EditorEvent, index: number, events: EditorEvent[]) =>
  event.type === 'save-status' &&
  event.status.status === 'saved' &&
  events.slice(0, index).some((earlier) => earlier.type === 'save-status' && earlier.status.status === before);

describe('autosave through the worker', () => {
  it('sends saves one at a time, in order, each carrying the whole configuration', async () => {
    const server = createServer(sampleVersion());
    server.delayMs = 5;
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    for (const [name, after] of [['step_3', 'step_1'], ['step_4', 'step_3'], ['step_5', 'step_4']] as const) {
      editor.applyPatches((await editor.remote.apply(addCodeStep(name, after))).patches);
      await new Promise((resolve) => setTimeout(resolve, 8)); // let each save reach the server
    }
    await editor.remote.flush();
    const saves = server.autosaves('v1');
    expect(server.maxInFlight).toBe(1);
    const sizes = saves.map((save) => save.configuration.steps.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(saves.at(-1)?.configuration).toEqual(toStoredContent(editor.mirror!));
    expect(saves.every((save) => save.version_id === 'v1' && save.display_name === 'Orders')).toBe(true);
    // flush() has resolved, so no status follows the last one; events arrive on their own port, later.
    await waitUntil(() => saveStatuses(editor.events).at(-1) === 'saved', "a final 'saved'");
    expect(saveStatuses(editor.events)).toContain('saving');
    await editor.close();
  });

  it('coalesces ten quick edits into fewer saves, the last one winning and nothing lost', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    server.hold(); // a slow server: the first save is still in flight while the user types on
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => editor.remote.apply(typeUrl(`https://e.x/${i}`))));
    for (const result of results) editor.applyPatches(result.patches);
    server.release();
    await editor.remote.flush();
    const saves = server.autosaves('v1');
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.length).toBeLessThan(10);
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(editor.mirror!));
    const url = (save: (typeof saves)[number]) => (save.configuration.steps[0]?.settings as { input: { url: string } }).input.url;
    expect(url(saves.at(-1)!)).toBe('https://e.x/9');
    expect((await editor.remote.getState()).save.status).toBe('saved');
    await editor.close();
  });

  it('retries failed saves with back-off and loses nothing', async () => {
    const timers = new ManualTimers();
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, timers });
    await editor.open(openInputFrom(server));
    server.failNext(3, 503);
    editor.applyPatches((await editor.remote.apply(typeUrl('https://one'))).patches);
    await settle();
    editor.applyPatches((await editor.remote.apply(typeUrl('https://two'))).patches); // during the back-off
    await settle();
    for (const wait of [1000, 2000, 4000]) await timers.advance(wait);
    await settle();
    await editor.waitForEvent(savedAfter('error'), "'saved' after the errors");
    const errors = editor.events.flatMap((event) => (event.type === 'save-status' && event.status.status === 'error' ? [event.status] : []));
    expect(errors.map((status) => [status.attempt, status.retryInMs, status.error?.status])).toEqual([
      [1, 1000, 503],
      [2, 2000, 503],
      [3, 4000, 503],
    ]);
    expect(server.calls.map((call) => call.outcome)).toEqual(['failed', 'failed', 'failed', 'ok']);
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(editor.mirror!));
    expect(saveStatuses(editor.events).at(-1)).toBe('saved');
    await editor.close();
  });

  it('recovers after a reload: the unsaved version is re-sent and the history comes back', async () => {
    const indexedDB = new IDBFactory();
    const server = createServer(sampleVersion());
    const first = await startEditor({ server, indexedDB });
    await first.open(openInputFrom(server));
    server.failNext(100, 0); // offline: nothing reaches the server
    first.applyPatches((await first.remote.apply(addCodeStep('step_3', 'step_1'))).patches);
    first.applyPatches((await first.remote.apply(typeUrl('https://typed-offline'))).patches);
    await settle();
    const edited = first.mirror!;
    await first.close(); // the tab goes away

    // What the browser kept: the whole unsaved version (a head and its chunks of steps) and the undo entries.
    const storage = await openEditorStorage({ indexedDB });
    expect(await storage.get('unsaved', 'v1')).toMatchObject({ formatVersion: 3, chunks: 1 });
    const unsaved = (await readUnsavedPieces(storage, 'v1')) as { formatVersion: number; versionJson: string };
    expect(JSON.parse(unsaved.versionJson)).toMatchObject({ id: 'v1', steps: edited.steps.filter(Boolean).map((step) => ({ name: step!.name })) });
    expect(await storage.get('history', 'v1')).toMatchObject({ formatVersion: 1 });
    storage.close();

    server.recover(); // back online
    const second = await startEditor({ server, indexedDB });
    const reopened = await second.open(openInputFrom(server)); // the server still has the old version
    expect(reopened.recovered).toBe(true);
    expect(reopened.historyRestored).toBe(true);
    expect(reopened.canUndo).toBe(true);
    expect(toStoredContent(reopened.version)).toEqual(toStoredContent(edited));
    await second.remote.flush();
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(edited));

    // The restored history still undoes exactly: both edits, back to what the server first had.
    const undone1 = await second.remote.undo();
    second.applyPatches(undone1!.patches);
    const undone2 = await second.remote.undo();
    second.applyPatches(undone2!.patches);
    expect(toStoredContent(second.mirror!)).toEqual(toStoredContent(sampleVersion()));
    await second.close();

    const after = await openEditorStorage({ indexedDB });
    expect(await after.get('unsaved', 'v1')).toMatchObject({ formatVersion: 3 }); // undo's delayed save is pending
    after.close();
  });

  it('forgets the stored unsaved version once the server has it', async () => {
    const indexedDB = new IDBFactory();
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, indexedDB });
    await editor.open(openInputFrom(server));
    await editor.remote.apply(typeUrl('https://saved'));
    await editor.remote.flush();
    await settle();
    await editor.close();
    const storage = await openEditorStorage({ indexedDB });
    expect(await storage.get('unsaved', 'v1')).toBeUndefined();
    // The history stays (undo after reopening), stamped with the server's revision it ends at.
    expect(await storage.get('history', 'v1')).toMatchObject({ anchor: 'rev-1' });
    storage.close();
  });

  it('drops a stored history that no longer fits the server version', async () => {
    const indexedDB = new IDBFactory();
    const server = createServer(sampleVersion());
    const first = await startEditor({ server, indexedDB });
    await first.open(openInputFrom(server));
    await first.remote.apply(typeUrl('https://mine'));
    await first.remote.flush();
    await first.close();
    // Another device saves the same draft meanwhile.
    await server.autosave({ version_id: 'v1', configuration: toStoredContent(sampleVersion()), display_name: 'Orders' });
    const second = await startEditor({ server, indexedDB });
    const reopened = await second.open(openInputFrom(server));
    expect(reopened).toMatchObject({ historyRestored: false, canUndo: false, recovered: false });
    await second.close();
  });

  it("stops on a 409 until the user decides: 'keep-mine' overwrites, 'reload' asks the UI to reopen", async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    server.conflictNext();
    await editor.remote.apply(typeUrl('https://conflicting'));
    await settle();
    expect((await editor.remote.getState()).save).toMatchObject({ status: 'conflict', error: { status: 409 } });
    await expect(editor.remote.flush()).rejects.toMatchObject({ status: 409 });
    await editor.remote.resolveConflict('keep-mine');
    await settle();
    expect(server.autosaves('v1').at(-1)).toMatchObject({ overwrite: true });
    expect((await editor.remote.getState()).save.status).toBe('saved');

    server.conflictNext();
    await editor.remote.apply(typeUrl('https://again'));
    await settle();
    await editor.remote.resolveConflict('reload');
    await settle();
    await editor.waitForEvent((event) => event.type === 'reload-required', 'reload-required');
    expect(editor.events.at(-1)).toEqual({ type: 'reload-required', versionId: 'v1' });
    expect(await editor.remote.getState()).toMatchObject({ canUndo: false, save: { status: 'saved' } });
    await editor.close();
  });

  it('works from memory when IndexedDB is unavailable, and says so', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, indexedDB: null });
    const opened = await editor.open(openInputFrom(server));
    expect(opened.storageMode).toBe('memory');
    await editor.remote.apply(typeUrl('https://x'));
    await editor.remote.flush();
    expect(server.autosaves('v1')).toHaveLength(1);
    await editor.close();
  });
});
