/**
 * `flowsmith/core` as a developer uses it: flow files of each form in, SPEC §4 edits, undo/redo, the
 * history, both forms out, saves reaching the server, and a bad file refused in one line naming where.
 */
import { describe, expect, it } from '@rstest/core';
import { readFileSync } from 'node:fs';
import { createAction, fromNestedFlow, toNestedFlowJson, toStoredVersion, type FlatVersion } from '../../src/domain/flow/index.ts';
import { FlowFileError, MemoryServer, openFlowFile, readFlowFile } from '../../src/worker/headless.ts';
import { mixedFlow, straightChain } from '../../bench/flow-generator.ts';

const hello = readFileSync(new URL('../../examples/hello-flow.json', import.meta.url), 'utf8');

const names = (version: FlatVersion) => version.steps.flatMap((step) => (step ? [step.name] : []));

function refusal(text: string): FlowFileError {
  try {
    readFlowFile(text);
  } catch (error) {
    if (error instanceof FlowFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('flowsmith/core', () => {
  it('opens the nested form, the stored flat form and a GET /workflow reply as the same flow', async () => {
    const nested = readFlowFile(hello);
    const flat = readFlowFile(JSON.stringify(toStoredVersion(nested)));
    const reply = readFlowFile(JSON.stringify({ flow: { id: 'f' }, version: toStoredVersion(nested) }));
    for (const version of [flat, reply]) {
      expect(names(version)).toEqual(names(nested));
      expect(version.displayName).toBe('Hello flow');
    }
  });

  it('applies operations, undoes and redoes them, and keeps the history by description', async () => {
    const editor = await openFlowFile(hello);
    expect(editor.stepCount).toBe(1);
    editor.apply({ type: 'ADD_ACTION', request: { parentStep: 'step_1', action: createAction('CODE', 'step_2') } });
    editor.apply({ type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: true } });
    expect(editor.stepCount).toBe(2);
    expect(editor.version.steps[1]?.skip).toBe(true);
    expect(editor.history.undo).toHaveLength(2);
    editor.undo();
    expect(editor.version.steps[1]?.skip).toBeFalsy();
    expect(editor.history).toEqual({ undo: [editor.history.undo[0]], redo: [expect.stringContaining('step_1')] });
    editor.redo();
    expect(editor.version.steps[1]?.skip).toBe(true);
    await editor.close();
  });

  it('refuses an operation on a step the flow does not have, with its code', async () => {
    const editor = await openFlowFile(hello);
    expect(() => editor.apply({ type: 'DELETE_ACTION', request: { names: ['step_9'] } })).toThrow(expect.objectContaining({ code: 'STEP_NOT_FOUND' }));
    await editor.close();
  });

  it('writes the nested form back as a file that opens to the same flow', async () => {
    const generated = mixedFlow(300);
    const editor = await openFlowFile(JSON.stringify(generated.nested));
    const again = readFlowFile(editor.toNestedJson());
    expect(names(again)).toEqual(names(editor.version));
    expect(editor.toNested().displayName).toBe(editor.version.displayName);
    expect(editor.toFlat().steps).toHaveLength(editor.stepCount);
    await editor.close();
  });

  it('sends the edits to its server when closed', async () => {
    const server = new MemoryServer();
    const editor = await openFlowFile(hello, { server });
    editor.apply({ type: 'CHANGE_NAME', request: { displayName: 'Renamed by a script' } });
    expect(server.saves).toBe(0);
    await editor.close();
    expect(server.saves).toBe(1);
    expect(server.lastSaved?.displayName).toBe('Renamed by a script');
  });

  it('reads and writes a 50,000-step chain without recursion', async () => {
    const text = toNestedFlowJson(fromNestedFlow(straightChain(50_000).nested));
    const editor = await openFlowFile(text);
    expect(editor.stepCount).toBe(50_000);
    editor.apply({ type: 'DELETE_ACTION', request: { names: ['step_25000'] } });
    expect(editor.toNestedJson().length).toBeGreaterThan(1_000_000);
    await editor.core.dispose();
  });

  it('names the problem and where it is for a file that is not a flow', () => {
    expect(refusal('{"displayName": "x",\n  "trigger": }').message).toMatch(/^The file is not valid JSON \(line 2, column \d+\)$/);
    expect(refusal('[1, 2]').message).toBe('This is not a flow: a flow file is a JSON object with a trigger (whole file)');
    expect(refusal('{"displayName":"x","trigger":{"name":"trigger","type":"EMPTY","displayName":"T","settings":{},"nextAction":{"name":"step_1","type":"BOGUS"}}}').position).toBe('step step_1');
    expect(refusal('['.repeat(100_001)).message).toBe('The file nests deeper than 100,000 levels (whole file)');
    expect(refusal(`"${'x'.repeat(21 * 1024 * 1024)}"`).message).toMatch(/^The file is 21\.0 MB; a flow file may be at most 20 MB \(whole file\)$/);
  });
});
