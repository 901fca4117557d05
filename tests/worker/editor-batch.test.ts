import { describe, expect, it } from '@rstest/core';
import { IDBFactory } from 'fake-indexeddb';
import { copyToClipboard, stepsInOrder, toStoredContent } from '../../src/domain/flow/index.ts';
import { addCodeStep, createServer, openInputFrom, sampleVersion, startEditor } from './support/editor-harness.ts';

describe('batch edits, paste, discard and layout through the worker API', () => {
  it('applies a batch as one undo entry, and refuses all of it when one operation is refused', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    const result = await editor.remote.applyBatch([addCodeStep('step_3', 'step_1'), addCodeStep('step_4', 'step_3')], { groupKey: null }, 'Add two');
    editor.applyPatches(result.patches);
    expect(stepsInOrder(editor.mirror!).map((step) => step.name)).toEqual(['step_1', 'step_3', 'step_4', 'step_2']);
    expect(result.selected).toBe('step_3');

    await expect(editor.remote.applyBatch([addCodeStep('step_5', 'step_1'), addCodeStep('step_6', 'step_99')])).rejects.toMatchObject({ code: 'STEP_NOT_FOUND' });
    expect(stepsInOrder(editor.core.currentVersion()!).map((step) => step.name)).toEqual(['step_1', 'step_3', 'step_4', 'step_2']);

    const undone = await editor.remote.undo();
    editor.applyPatches(undone!.patches);
    expect(stepsInOrder(editor.mirror!).map((step) => step.name)).toEqual(['step_1', 'step_2']);
    expect(undone!.canUndo).toBe(false);
    await editor.close();
  });

  it('pastes clipboard text from another workflow as one edit and saves it', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    const text = copyToClipboard(opened.version, ['step_1', 'step_2']);
    const result = await editor.remote.paste(text, { parentStep: 'step_2', location: 'AFTER' });
    editor.applyPatches(result.patches);
    expect(stepsInOrder(editor.mirror!).map((step) => `${step.name}:${step.type}`)).toEqual(['step_1:CODE', 'step_2:PIECE', 'step_3:CODE', 'step_4:PIECE']);
    expect(result.selected).toBe('step_3');
    await editor.remote.flush();
    expect(server.autosaves('v1').at(-1)!.configuration).toEqual(toStoredContent(editor.mirror!));
    await expect(editor.remote.paste('not steps', { parentStep: 'trigger', location: 'AFTER' })).rejects.toMatchObject({ code: 'VALIDATION' });
    await editor.close();
  });

  it('discards unsent changes for good when the user leaves without saving', async () => {
    const server = createServer(sampleVersion());
    server.failNext(5, 0);
    const indexedDB = new IDBFactory();
    const editor = await startEditor({ server, indexedDB });
    await editor.open(openInputFrom(server));
    const result = await editor.remote.apply(addCodeStep('step_3', 'step_1'));
    editor.applyPatches(result.patches);
    await editor.remote.discardUnsaved();
    expect((await editor.remote.getState()).save.status).toBe('saved');
    await editor.close();
    // A new session finds nothing to recover.
    server.recover();
    const again = await startEditor({ server, indexedDB });
    const reopened = await again.open(openInputFrom(server));
    expect(reopened.recovered).toBe(false);
    await again.close();
  });

  it('answers layout deltas: the whole layout first, nothing for a rename, the new card and what moved for an add', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    const first = (await editor.remote.layout())!;
    expect(first.full).toBe(true);
    expect(first.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'trigger']);
    // That first one was placed by sums for a quick paint; the worker asks for the refined (ELK) one.
    await editor.waitForEvent((event) => event.type === 'layout-stale', 'the refinement request');
    expect(await editor.remote.layout()).toMatchObject({ full: false, nodes: [], edges: [] });

    const step1 = editor.mirror!.steps[1]!;
    await editor.remote.apply({ type: 'UPDATE_ACTION', request: { ...step1, displayName: 'Renamed' } as never });
    const renamed = (await editor.remote.layout())!;
    expect(renamed).toMatchObject({ full: false, nodes: [], removedNodes: [], edges: [], removedEdges: [] });

    await editor.remote.apply(addCodeStep('step_3', 'trigger'));
    const added = (await editor.remote.layout())!;
    expect(added.full).toBe(false);
    // The new card, and the two cards below it that moved down; the trigger did not move.
    expect(added.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'step_3']);
    expect(added.edges.map((edge) => edge.id).sort()).toEqual(['step_3->step_1', 'trigger->step_3']);
    expect(added.removedEdges).toEqual(['trigger->step_1']);
    await editor.close();
  });

  it('lays the flow out while the UI reads the open, and asks for the refinement only once the UI has it', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    // The first layout was computed on open; asked for earlier, the UI could take the refinement first.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(editor.events.some((event) => event.type === 'layout-stale')).toBe(false);
    const first = (await editor.remote.layout())!;
    expect(first).toMatchObject({ full: true, versionId: 'v1' });
    expect(first.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'trigger']);
    await editor.waitForEvent((event) => event.type === 'layout-stale', 'the refinement request');
    await editor.close();
  });

  it('answers a whole layout of the edited flow when an edit comes before the UI takes the first one', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    await editor.open(openInputFrom(server));
    await editor.remote.apply(addCodeStep('step_3', 'trigger'));
    const first = (await editor.remote.layout())!;
    expect(first.full).toBe(true);
    expect(first.nodes.map((node) => node.id).sort()).toEqual(['step_1', 'step_2', 'step_3', 'trigger']);
    // A remounted canvas asks again from nothing: whole again, even right after.
    await editor.remote.resetLayout();
    expect((await editor.remote.layout())!.full).toBe(true);
    await editor.close();
  });
});
