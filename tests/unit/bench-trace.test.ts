import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { summariseTrace } from '../../bench/ui/trace.ts';

const frame = (id: number, functionName: string, parent?: number) => ({
  id,
  ...(parent === undefined ? {} : { parent }),
  callFrame: { functionName, url: 'http://x/static/js/app.js', lineNumber: id },
});

describe('bench:ui --trace summary', () => {
  it('charges each CPU sample to its function and thread, heaviest first, idle left out', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'trace-')), 'trace.json');
    const traceEvents = [
      { name: 'thread_name', ph: 'M', pid: 1, tid: 10, args: { name: 'CrRendererMain' } },
      { name: 'thread_name', ph: 'M', pid: 1, tid: 20, args: { name: 'DedicatedWorker thread' } },
      { name: 'Profile', ph: 'P', pid: 1, tid: 10, id: '0x1' },
      { name: 'Profile', ph: 'P', pid: 1, tid: 20, id: '0x2' },
      // Chunks may come from another thread id (the sampler's): the profile's own thread counts.
      {
        name: 'ProfileChunk', ph: 'P', pid: 1, tid: 99, id: '0x1',
        args: { data: { cpuProfile: { nodes: [frame(1, '(root)'), frame(2, 'apply', 1), frame(3, '(idle)', 1)], samples: [2, 2, 3] }, timeDeltas: [1000, 2000, 50000] } },
      },
      {
        name: 'ProfileChunk', ph: 'P', pid: 1, tid: 99, id: '0x1',
        args: { data: { cpuProfile: { nodes: [frame(4, 'render', 1)], samples: [4, 2] }, timeDeltas: [500, 1000] } },
      },
      {
        name: 'ProfileChunk', ph: 'P', pid: 1, tid: 99, id: '0x2',
        args: { data: { cpuProfile: { nodes: [frame(1, '(root)'), frame(5, 'parse', 1)], samples: [5] }, timeDeltas: [7000] } },
      },
    ];
    writeFileSync(file, JSON.stringify({ traceEvents }));
    const threads = summariseTrace(file);
    expect(threads.map((t) => [t.thread, t.busyMs])).toEqual([
      ['DedicatedWorker thread', 7],
      ['CrRendererMain', 4.5],
    ]);
    expect(threads[1]!.functions).toEqual([
      { name: 'apply app.js:3', selfMs: 4 },
      { name: 'render app.js:5', selfMs: 0.5 },
    ]);
  });
});
