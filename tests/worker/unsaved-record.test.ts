/**
 * The unsaved version kept in pieces (unsaved-record.ts): an edit writes the head and the chunks of the
 * steps it replaced, and the pieces read back as the version that was written.
 */
import { describe, expect, it } from '@rstest/core';
import { IDBFactory } from 'fake-indexeddb';
import { mixedFlow } from '../../bench/flow-generator.ts';
import { applyOperation, flowOperationSchema, fromNestedFlow, type FlatVersion, type FlowOperationInput } from '../../src/domain/flow/index.ts';
import { openEditorStorage, type EditorStorage } from '../../src/worker/persistence.ts';
import { ChunkedUnsavedRecord, readUnsavedPieces, STEPS_PER_CHUNK } from '../../src/worker/unsaved-record.ts';
import { readUnsavedRecord } from '../../src/worker/version-records.ts';

const apply = (version: FlatVersion, input: FlowOperationInput): FlatVersion => applyOperation(version, flowOperationSchema.parse(input));

/** The storage, with the keys of each write recorded. */
function watched(storage: EditorStorage): { storage: EditorStorage; writes: string[][] } {
  const writes: string[][] = [];
  const write: EditorStorage['write'] = (store, puts, deletes) => {
    writes.push([...puts.map(([key]) => key), ...deletes.map((key) => `-${key}`)]);
    return storage.write(store, puts, deletes);
  };
  return { storage: Object.assign(Object.create(storage) as EditorStorage, { write }), writes };
}

async function readBack(storage: EditorStorage, id: string): Promise<FlatVersion | null> {
  return readUnsavedRecord(await readUnsavedPieces(storage, id), id);
}

const version1000 = () => fromNestedFlow(mixedFlow(1000).nested, { id: 'v1', flowId: 'f1' });

describe('the unsaved version in pieces', () => {
  it('writes every chunk once, then only the chunk of the step an edit replaced, and reads back what it wrote', async () => {
    const { storage, writes } = watched(await openEditorStorage({ indexedDB: new IDBFactory() }));
    const record = new ChunkedUnsavedRecord(storage, 'v1');
    let version = version1000();
    const chunks = Math.ceil(version.steps.length / STEPS_PER_CHUNK);
    expect(chunks).toBeGreaterThan(3);
    await record.put(version);
    expect(writes[0]).toHaveLength(chunks + 1);
    const step = version.steps.find((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'UPDATE_ACTION', request: { ...step, displayName: 'Renamed' } } as FlowOperationInput);
    await record.put(version);
    const number = Number(step.name.slice('step_'.length));
    expect(writes[1]).toEqual([`v1#${Math.floor(number / STEPS_PER_CHUNK)}`, 'v1']);
    const back = await readBack(storage, 'v1');
    expect(back?.steps).toEqual(version.steps);
    expect(back?.steps[number]?.displayName).toBe('Renamed');
    storage.close();
  });

  it('gives way to waiting messages while it encodes many chunks, and the pieces still read back whole', async () => {
    const { storage } = watched(await openEditorStorage({ indexedDB: new IDBFactory() }));
    let clock = 0;
    let pauses = 0;
    // Each reading of this clock is 4 ms on: a pause after every second chunk (a slice is 6 ms).
    const record = new ChunkedUnsavedRecord(storage, 'v1', Date.now, async () => void pauses++, () => (clock += 4));
    let version = version1000();
    const chunks = Math.ceil(version.steps.length / STEPS_PER_CHUNK);
    await record.put(version);
    expect(pauses).toBeGreaterThanOrEqual(Math.floor(chunks / 2));
    expect((await readBack(storage, 'v1'))?.steps).toEqual(version.steps);
    // An edit's write encodes one chunk: no pause.
    pauses = 0;
    const step = version.steps.find((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'UPDATE_ACTION', request: { ...step, displayName: 'Renamed' } } as FlowOperationInput);
    await record.put(version);
    expect(pauses).toBe(0);
    expect((await readBack(storage, 'v1'))?.steps).toEqual(version.steps);
    storage.close();
  });

  it('drops the chunks past a shorter flow and everything on delete', async () => {
    const inner = await openEditorStorage({ indexedDB: new IDBFactory() });
    const { storage, writes } = watched(inner);
    const record = new ChunkedUnsavedRecord(storage, 'v1');
    const long = version1000();
    await record.put(long);
    // The same version with only its first chunk's steps: the later chunks go in the same write.
    const short = fromNestedFlow(mixedFlow(100).nested, { id: 'v1', flowId: 'f1' });
    await record.put(short);
    const chunks = Math.ceil(long.steps.length / STEPS_PER_CHUNK);
    expect(writes[1]!.filter((key) => key.startsWith('-'))).toHaveLength(chunks - Math.ceil(short.steps.length / STEPS_PER_CHUNK));
    expect((await readBack(storage, 'v1'))?.steps).toEqual(short.steps);
    await record.delete();
    expect(await inner.get('unsaved', 'v1')).toBeUndefined();
    expect(await inner.get('unsaved', 'v1#0')).toBeUndefined();
    inner.close();
  });

  it('trusts no record with a chunk missing, and still reads the single-value record of older builds', async () => {
    const storage = await openEditorStorage({ indexedDB: new IDBFactory() });
    const version = version1000();
    await new ChunkedUnsavedRecord(storage, 'v1').put(version);
    await storage.delete('unsaved', 'v1#1');
    expect(await readUnsavedPieces(storage, 'v1')).toBeUndefined();
    const older = { formatVersion: 2, savedAt: 1, versionJson: '{"id":"v2"}' };
    await storage.put('unsaved', 'v2', older);
    expect(await readUnsavedPieces(storage, 'v2')).toEqual(older);
    storage.close();
  });

  it('writes every chunk again after a write that only reached memory', async () => {
    const { storage, writes } = watched(await openEditorStorage({ indexedDB: null }));
    const record = new ChunkedUnsavedRecord(storage, 'v1');
    let version = version1000();
    await record.put(version);
    const step = version.steps.find((s) => s && s.type === 'CODE')!;
    version = apply(version, { type: 'UPDATE_ACTION', request: { ...step, displayName: 'Again' } } as FlowOperationInput);
    await record.put(version);
    expect(writes[1]).toHaveLength(writes[0]!.length);
    expect((await readBack(storage, 'v1'))?.steps).toEqual(version.steps);
  });
});
