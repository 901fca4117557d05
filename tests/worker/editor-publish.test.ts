import { describe, expect, it } from '@rstest/core';
import { toStoredContent } from '../../src/domain/flow/index.ts';
import { addCodeStep, createServer, openInputFrom, sampleVersion, settle, startEditor, typeUrl } from './support/editor-harness.ts';

describe('read-only versions', () => {
  it('refuses edits, undo and publish on the published version, but still selects', async () => {
    const server = createServer(sampleVersion({ state: 'LOCKED' }), { publishedVersionId: 'v1', status: 'ENABLED' });
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    expect(opened).toMatchObject({ readOnly: true, readOnlyReason: 'published', selected: null });
    await expect(editor.remote.apply(typeUrl('https://x'))).rejects.toMatchObject({ code: 'READ_ONLY', message: 'This version is published and read-only' });
    await expect(editor.remote.undo()).rejects.toMatchObject({ code: 'READ_ONLY' });
    await expect(editor.remote.publish()).rejects.toMatchObject({ code: 'READ_ONLY' });
    expect(await editor.remote.select('step_1')).toBe('step_1');
    expect(server.calls).toHaveLength(0);
    await editor.waitForEvent((event) => event.type === 'read-only', 'read-only');
    expect(editor.events).toContainEqual({ type: 'read-only', versionId: 'v1', readOnly: true, reason: 'published' });
    await editor.close();
  });

  it('treats a locked version that is not the published one as read-only', async () => {
    const server = createServer(sampleVersion({ state: 'LOCKED' }), { publishedVersionId: 'v0' });
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    expect(opened).toMatchObject({ readOnly: true, readOnlyReason: 'locked' });
    await expect(editor.remote.apply(addCodeStep('step_3', 'step_1'))).rejects.toMatchObject({ code: 'READ_ONLY' });
    await editor.close();
  });

  it("selects a run's failed step first", async () => {
    const server = createServer(sampleVersion({ state: 'LOCKED' }), { publishedVersionId: 'v1' });
    const editor = await startEditor({ server });
    const opened = await editor.open({
      ...openInputFrom(server),
      run: { status: 'FAILED', steps: [{ step_name: 'step_1', status: 'FAILED' }] },
    });
    expect(opened.selected).toBe('step_1');
    await editor.close();
  });
});

describe('publish', () => {
  it('saves first, then publishes, then the editor is read-only', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    server.hold();
    await editor.remote.apply(typeUrl('https://before-publish'));
    await settle(); // its save is in flight now: SPEC §4 allows no publish while saving
    await expect(editor.remote.publish()).rejects.toMatchObject({ code: 'BUSY' });
    server.release();
    await editor.remote.flush();
    await editor.remote.apply(typeUrl('https://last-edit'));
    await editor.remote.flush();
    await editor.remote.undo(); // leaves a delayed (3 s) save: publish sends it first instead of waiting
    const result = await editor.remote.publish();
    expect(server.calls.map((call) => call.type)).toEqual(['autosave', 'autosave', 'autosave', 'publish']);
    expect(server.autosaves('v1').at(-1)?.configuration).toEqual(toStoredContent(result.version));
    expect(result.version.state).toBe('LOCKED');
    expect(result.flow).toMatchObject({ id: 'f1', publishedVersionId: 'v1', status: 'ENABLED' });
    expect(await editor.remote.getState()).toMatchObject({ readOnly: true, readOnlyReason: 'published', publishing: false, canUndo: false });
    await expect(editor.remote.apply(typeUrl('https://after'))).rejects.toMatchObject({ code: 'READ_ONLY' });
    await editor.waitForEvent((event) => event.type === 'publishing' && !event.publishing, 'publishing ended');
    const publishing = editor.events.flatMap((event) => (event.type === 'publishing' ? [event.publishing] : []));
    expect(publishing).toEqual([true, false]);
    await editor.close();
  });

  it('refuses edits and a second publish while publishing', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    server.hold();
    const publishing = editor.remote.publish();
    await settle();
    await expect(editor.remote.publish()).rejects.toMatchObject({ code: 'BUSY' });
    await expect(editor.remote.apply(typeUrl('https://x'))).rejects.toMatchObject({ code: 'BUSY' });
    server.release();
    await publishing;
    await editor.close();
  });

  it('fails without publishing when the save before it fails, and stays editable', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    server.failNext(1, 0);
    await editor.remote.apply(typeUrl('https://offline'));
    await settle(); // the save failed and waits for its retry
    server.failNext(1, 500);
    await expect(editor.remote.publish()).rejects.toMatchObject({ status: 500, kind: 'http' });
    expect(server.calls.map((call) => `${call.type}:${call.outcome}`)).toEqual(['autosave:failed', 'autosave:failed']);
    expect(await editor.remote.getState()).toMatchObject({ readOnly: false, publishing: false, save: { status: 'error' } });
    await editor.remote.publish(); // the network is back: save, then publish
    expect(server.calls.map((call) => `${call.type}:${call.outcome}`).slice(2)).toEqual(['autosave:ok', 'publish:ok']);
    await editor.close();
  });

  it('reports a failed publish call and stays a draft', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    await editor.remote.apply(typeUrl('https://x'));
    await editor.remote.flush();
    server.failNext(1, 503);
    await expect(editor.remote.publish()).rejects.toMatchObject({ status: 503 });
    expect(await editor.remote.getState()).toMatchObject({ readOnly: false, publishing: false });
    expect(server.workflows.get('f1')?.publishedVersionId).toBeNull();
    await editor.close();
  });
});
