import { describe, expect, it } from '@rstest/core';
import { toStoredContent } from '../../src/domain/flow/index.ts';
import { addCodeStep, createServer, openInputFrom, sampleVersion, startEditor } from './support/editor-harness.ts';

describe('EditorCore through comlink', () => {
  it('opens a draft selecting the first invalid step, applies an edit and autosaves it', async () => {
    const server = createServer(sampleVersion());
    const editor = await startEditor({ server });
    const opened = await editor.open(openInputFrom(server));
    expect(opened).toMatchObject({ readOnly: false, selected: 'step_2', valid: false, canUndo: false, recovered: false, storageMode: 'indexeddb' });
    const result = await editor.remote.apply(addCodeStep('step_3', 'step_1'));
    expect(result).toMatchObject({ selected: 'step_3', canUndo: true, canRedo: false, status: 'saving' });
    editor.applyPatches(result.patches);
    await editor.remote.flush();
    expect(server.autosaves('v1')).toHaveLength(1);
    expect(server.autosaves('v1')[0]!.configuration).toEqual(toStoredContent(editor.mirror!));
    await editor.close();
  });
});
