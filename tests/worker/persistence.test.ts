import { describe, expect, it } from '@rstest/core';
import { IDBFactory } from 'fake-indexeddb';
import { openEditorStorage, type StorageDegradedEvent } from '../../src/worker/persistence.ts';

describe('editor storage over IndexedDB', () => {
  it('puts, gets and deletes per store and key, and keeps values across a reopen', async () => {
    const factory = new IDBFactory();
    const degraded: StorageDegradedEvent[] = [];
    const first = await openEditorStorage({ indexedDB: factory, onDegraded: (e) => degraded.push(e) });
    expect(first.mode).toBe('indexeddb');
    await first.put('history', 'v1', { formatVersion: 1, undo: [], redo: [] });
    await first.put('unsaved', 'v1', { display_name: 'A' });
    await first.put('unsaved', 'v2', { display_name: 'B' });
    await first.delete('unsaved', 'v2');
    first.close();

    const second = await openEditorStorage({ indexedDB: factory });
    expect(await second.get('history', 'v1')).toEqual({ formatVersion: 1, undo: [], redo: [] });
    expect(await second.get('unsaved', 'v1')).toEqual({ display_name: 'A' });
    expect(await second.get('unsaved', 'v2')).toBeUndefined();
    expect(await second.get('history', 'nope')).toBeUndefined();
    second.close();
    expect(degraded).toEqual([]);
  });

  it('works from memory and says so when there is no IndexedDB', async () => {
    const degraded: StorageDegradedEvent[] = [];
    const storage = await openEditorStorage({ indexedDB: null, onDegraded: (e) => degraded.push(e) });
    expect(storage.mode).toBe('memory');
    await storage.put('unsaved', 'v1', { a: 1 });
    expect(await storage.get('unsaved', 'v1')).toEqual({ a: 1 });
    await storage.delete('unsaved', 'v1');
    expect(await storage.get('unsaved', 'v1')).toBeUndefined();
    expect(degraded).toEqual([{ mode: 'memory', operation: 'open', message: 'Error: IndexedDB is not available' }]);
  });

  it('falls back to memory when opening throws or never answers', async () => {
    const throwing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    const events: StorageDegradedEvent[] = [];
    const a = await openEditorStorage({ indexedDB: throwing, onDegraded: (e) => events.push(e) });
    expect(a.mode).toBe('memory');
    expect(events[0]?.message).toContain('SecurityError');

    const silent = { open: () => ({}) } as unknown as IDBFactory;
    const b = await openEditorStorage({ indexedDB: silent, openTimeoutMs: 20, onDegraded: (e) => events.push(e) });
    expect(b.mode).toBe('memory');
    expect(events[1]?.message).toContain('did not open within 20 ms');
  });

  it('keeps a value it could not write in memory, reports once, and never throws', async () => {
    const events: StorageDegradedEvent[] = [];
    const storage = await openEditorStorage({ indexedDB: new IDBFactory(), onDegraded: (e) => events.push(e) });
    // A function cannot be structured-cloned: the write fails as a quota error would.
    const unclonable = { run: () => 1 };
    await storage.put('unsaved', 'v1', unclonable);
    expect(await storage.get('unsaved', 'v1')).toBe(unclonable);
    await storage.put('unsaved', 'v2', { also: () => 2 });
    expect(events).toHaveLength(1);
    expect(events[0]?.operation).toBe('put');
    // A later successful write replaces the in-memory copy.
    await storage.put('unsaved', 'v1', { ok: true });
    expect(await storage.get('unsaved', 'v1')).toEqual({ ok: true });
    storage.close();
  });

  it('still answers after being closed', async () => {
    const storage = await openEditorStorage({ indexedDB: new IDBFactory() });
    storage.close();
    await storage.put('history', 'v', 1);
    expect(await storage.get('history', 'v')).toBe(1);
  });
});
