import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from '@rstest/core';
import {
  applyOperation,
  createAction,
  createEmptyVersion,
  flowOperationSchema,
  toNestedFlowJson,
  toStoredContent,
  type FlatVersion,
} from '../../src/domain/flow/index.ts';
import { openEditorStorage } from '../../src/worker/persistence.ts';
import { createServer, openInputFrom, sampleVersion, settle, startEditor } from './support/editor-harness.ts';

/** A straight chain `depth` steps long: as JSON it nests `depth` levels deep. */
function deepChain(depth: number): FlatVersion {
  let version = createEmptyVersion({ id: 'source', flowId: 'other', displayName: 'Very long flow' });
  let last = 'trigger';
  for (let i = 1; i <= depth; i++) {
    const name = `step_${i}`;
    version = applyOperation(
      version,
      flowOperationSchema.parse({
        type: 'ADD_ACTION',
        request: { parentStep: last, stepLocationRelativeToParent: 'AFTER', action: createAction('CODE', name) },
      }),
    );
    last = name;
  }
  return version;
}

describe('importing a flow file through the worker', () => {
  it('imports a 5,000-deep chain sent as text, keeps the undo entry across a reload, and undoes it exactly', async () => {
    const indexedDB = new IDBFactory();
    const server = createServer(sampleVersion());
    const first = await startEditor({ server, indexedDB });
    const opened = await first.open(openInputFrom(server));
    const source = deepChain(5000);

    const imported = await first.remote.importFlow(toNestedFlowJson(source));
    first.applyPatches(imported.patches);
    expect(first.mirror!.displayName).toBe('Very long flow');
    expect(toStoredContent(first.mirror!).steps).toHaveLength(5000);
    expect(toStoredContent(first.mirror!).steps).toEqual(toStoredContent(source).steps);
    await first.remote.flush();
    expect(server.versions.get('v1')?.configuration?.steps).toHaveLength(5000);
    await settle();

    // The history entry was stored (structured clone of a 5,000-deep nested flow would have thrown).
    const storage = await openEditorStorage({ indexedDB });
    expect(await storage.get('history', 'v1')).toMatchObject({ formatVersion: 1 });
    storage.close();
    await first.close();

    const second = await startEditor({ server, indexedDB });
    const reopened = await second.open(openInputFrom(server));
    expect(reopened.historyRestored).toBe(true);
    const undone = await second.remote.undo();
    second.applyPatches(undone!.patches);
    expect(toStoredContent(second.mirror!)).toEqual(toStoredContent(opened.version));
    await second.close();
  });

  it('refuses text that is not JSON or not a flow, changing nothing', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    await expect(editor.remote.importFlow('{not json')).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(editor.remote.importFlow(JSON.stringify({ trigger: { name: 'trigger', type: 'NOPE' } }))).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(await editor.remote.getState()).toMatchObject({ canUndo: false });
    expect(toStoredContent(editor.mirror!)).toEqual(toStoredContent(opened.version));
    await editor.close();
  });
});
