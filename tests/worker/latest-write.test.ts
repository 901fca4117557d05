import { describe, expect, it } from '@rstest/core';
import { LatestWrite } from '../../src/worker/latest-write.ts';
import type { StoredRecord } from '../../src/worker/persistence.ts';

function memoryRecord(): StoredRecord<number> & { writes: number[] } {
  let value: number | undefined;
  const writes: number[] = [];
  return {
    writes,
    get: async () => value,
    put: async (next: number) => {
      writes.push(next);
      value = next;
    },
    delete: async () => {
      value = undefined;
    },
  } as StoredRecord<number> & { writes: number[] };
}

describe('LatestWrite', () => {
  it('with a deferral, writes nothing until it is over, then only the newest value', async () => {
    const record = memoryRecord();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const writer = new LatestWrite(record, { defer: () => gate });
    const first = writer.put(1);
    const second = writer.put(2);
    await Promise.resolve();
    expect(record.writes).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(record.writes).toEqual([2]);
  });

  it('without one, starts writing at once', async () => {
    const record = memoryRecord();
    const writer = new LatestWrite(record);
    const done = writer.put(1);
    expect(record.writes).toEqual([1]);
    await done;
  });
});
