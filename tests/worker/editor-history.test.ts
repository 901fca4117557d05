import { describe, expect, it } from '@rstest/core';
import { toStoredContent } from '../../src/domain/flow/index.ts';
import { ManualTimers, addCodeStep, createServer, openInputFrom, sampleVersion, settle, startEditor, typeUrl } from './support/editor-harness.ts';

describe('undo and redo through the worker', () => {
  it('undo then redo returns exactly to each state, on the worker and on the mirror', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    const states = [toStoredContent(opened.version)];
    const ops = [addCodeStep('step_3', 'step_1'), typeUrl('https://a'), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_3' } } as const, { type: 'DELETE_ACTION', request: { names: ['step_2'] } } as const];
    for (const op of ops) {
      editor.applyPatches((await editor.remote.apply(op, { groupKey: null })).patches);
      states.push(toStoredContent(editor.mirror!));
    }
    for (let i = ops.length - 1; i >= 0; i--) {
      const result = await editor.remote.undo();
      editor.applyPatches(result!.patches);
      expect(toStoredContent(editor.mirror!)).toEqual(states[i]);
    }
    expect(await editor.remote.undo()).toBeNull();
    for (let i = 1; i <= ops.length; i++) {
      const result = await editor.remote.redo();
      editor.applyPatches(result!.patches);
      expect(toStoredContent(editor.mirror!)).toEqual(states[i]);
    }
    expect(await editor.remote.redo()).toBeNull();
    await editor.remote.flush();
    expect(server.versions.get('v1')?.configuration).toEqual(states.at(-1));
    await editor.close();
  });

  it('makes typing in one field within a second one entry, and a new edit drops the redo part', async () => {
    let now = 10_000;
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, now: () => now });
    const opened = await editor.open(openInputFrom(server));
    for (const url of ['h', 'ht', 'htt', 'http']) {
      now += 300;
      editor.applyPatches((await editor.remote.apply(typeUrl(url), { groupKey: 'update:step_1:settings.input.url' })).patches);
    }
    now += 1500; // a pause: the next burst is another entry
    editor.applyPatches((await editor.remote.apply(typeUrl('https'), { groupKey: 'update:step_1:settings.input.url' })).patches);
    const first = await editor.remote.undo();
    editor.applyPatches(first!.patches);
    const second = await editor.remote.undo();
    editor.applyPatches(second!.patches);
    expect(toStoredContent(editor.mirror!)).toEqual(toStoredContent(opened.version));
    expect(await editor.remote.getState()).toMatchObject({ canUndo: false, canRedo: true });
    editor.applyPatches((await editor.remote.apply(addCodeStep('step_3', 'step_1'))).patches);
    expect(await editor.remote.getState()).toMatchObject({ canUndo: true, canRedo: false });
    await editor.close();
  });

  it('keeps at most 20 entries per version', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    for (let i = 0; i < 25; i++) await editor.remote.apply(typeUrl(`https://${i}`), { groupKey: null });
    let undone = 0;
    while (await editor.remote.undo()) undone++;
    expect(undone).toBe(20);
    await editor.close();
  });

  it('marks undo and redo unsaved and saves them 3 s later', async () => {
    const timers = new ManualTimers();
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, timers });
    await editor.open(openInputFrom(server));
    await editor.remote.apply(typeUrl('https://kept'));
    await settle();
    expect(server.autosaves('v1')).toHaveLength(1);
    const undone = await editor.remote.undo();
    expect(undone?.status).toBe('unsaved');
    await timers.advance(2999);
    expect(server.autosaves('v1')).toHaveLength(1);
    await timers.advance(1);
    expect(server.autosaves('v1')).toHaveLength(2);
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(sampleVersion()));

    // Redo then an immediate edit: the edit's save replaces the delayed one.
    await editor.remote.redo();
    await editor.remote.apply(addCodeStep('step_3', 'step_1'));
    await settle();
    expect(server.autosaves('v1')).toHaveLength(3);
    await timers.advance(5000);
    expect(server.autosaves('v1')).toHaveLength(3);
    await editor.close();
  });

  it('moves the selection to a new step or a copy, and off a step that disappeared', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    expect((await editor.remote.apply(addCodeStep('step_3', 'step_1'))).selected).toBe('step_3');
    expect((await editor.remote.apply({ type: 'DUPLICATE_ACTION', request: { stepName: 'step_3' } })).selected).toBe('step_4');
    expect((await editor.remote.undo())?.selected).toBe('step_2'); // the copy is gone: first invalid step
    expect(await editor.remote.select('step_1')).toBe('step_1');
    await expect(editor.remote.select('step_99')).rejects.toMatchObject({ code: 'STEP_NOT_FOUND' });
    await editor.close();
  });

  it('refuses malformed operations and the domain refusals with their codes', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    await expect(editor.remote.apply({ type: 'NOPE' } as never)).rejects.toMatchObject({ code: 'VALIDATION', name: 'EditorError' });
    await expect(editor.remote.apply({ type: 'DELETE_ACTION', request: { names: ['step_42'] } })).rejects.toMatchObject({ code: 'STEP_NOT_FOUND' });
    await expect(editor.remote.apply({ type: 'CHANGE_STATUS', request: { status: 'ENABLED' } })).rejects.toMatchObject({ code: 'FLOW_OPERATION_INVALID' });
    expect(await editor.remote.getState()).toMatchObject({ canUndo: false, save: { status: 'saved' } });
    expect(server.calls).toHaveLength(0);
    await editor.close();
  });
});

describe('history marks through the worker', () => {
  it('saves every edit of a gesture as it happens, and one undo reverts the whole gesture', async () => {
    const timers = new ManualTimers();
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server, timers });
    const opened = await editor.open(openInputFrom(server));
    await editor.remote.beginMark('gesture-1', 'Add two steps');
    editor.applyPatches((await editor.remote.apply(addCodeStep('step_3', 'step_1'))).patches);
    await settle();
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(editor.mirror!)); // saved before the commit
    editor.applyPatches((await editor.remote.apply(addCodeStep('step_4', 'step_3'))).patches);
    const committed = await editor.remote.commitMark('gesture-1');
    expect(committed).toMatchObject({ patches: [], canUndo: true });
    await settle();
    expect(server.versions.get('v1')?.configuration).toEqual(toStoredContent(editor.mirror!));

    const undone = await editor.remote.undo();
    editor.applyPatches(undone!.patches);
    expect(toStoredContent(editor.mirror!)).toEqual(toStoredContent(opened.version));
    expect(await editor.remote.getState()).toMatchObject({ canUndo: false, canRedo: true });
    await editor.close();
  });

  it('a cancelled gesture reverts its edits on the worker, the mirror and the server, and leaves no entry', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    editor.applyPatches((await editor.remote.apply(typeUrl('https://kept'), { groupKey: null })).patches);
    const kept = toStoredContent(editor.mirror!);
    await editor.remote.beginMark('gesture-2');
    editor.applyPatches((await editor.remote.apply(addCodeStep('step_3', 'step_1'))).patches);
    editor.applyPatches((await editor.remote.apply({ type: 'DELETE_ACTION', request: { names: ['step_2'] } })).patches);
    const cancelled = await editor.remote.cancelMark('gesture-2');
    editor.applyPatches(cancelled.patches);
    expect(toStoredContent(editor.mirror!)).toEqual(kept);
    expect(toStoredContent(editor.core.currentVersion()!)).toEqual(kept);
    await editor.remote.flush();
    expect(server.versions.get('v1')?.configuration).toEqual(kept);
    // The entry before the gesture is the next undo.
    editor.applyPatches((await editor.remote.undo())!.patches);
    expect(toStoredContent(editor.mirror!)).toEqual(toStoredContent(opened.version));
    expect(await editor.remote.undo()).toBeNull();
    await editor.close();
  });
});
