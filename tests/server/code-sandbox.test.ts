/**
 * Code steps in the real sandbox (QuickJS in WebAssembly, in worker threads): outputs from inputs, and
 * every way out tried and failing; an endless loop ends TIMEOUT and an allocation bomb
 * MEMORY_LIMIT_EXCEEDED, while the server keeps answering requests and the sandbox keeps running code.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { CodeSandbox } from '../../server/engine/sandbox/code-sandbox.ts';
import { get, startTestServer, type TestServer } from './helpers.ts';

let sandbox: CodeSandbox;
let t: TestServer;

beforeAll(async () => {
  sandbox = new CodeSandbox({ threads: 2, memoryBytes: 32 * 1024 * 1024, timeoutMs: 2000 });
  t = await startTestServer();
});
afterAll(async () => {
  await sandbox?.close();
  await t?.close();
});

describe('the code sandbox', () => {
  it('runs an async code step with its inputs and returns its output and logs', async () => {
    const result = await sandbox.run(
      `export const code = async (inputs) => {
         console.log('adding', inputs.a, inputs.b);
         await Promise.resolve();
         return { sum: inputs.a + inputs.b, items: inputs.items.map((x) => x * 2) };
       };`,
      { a: 1, b: 2, items: [1, 2, 3] },
    );
    expect(result).toEqual({ ok: true, output: { sum: 3, items: [2, 4, 6] }, logs: ['adding 1 2'] });
  });

  it('finds nothing of the host to escape through', async () => {
    const result = await sandbox.run(
      `export const code = async () => {
         const globalOfFunction = Function('return this')();
         const viaConstructor = ({}).constructor.constructor('return this')();
         let imported;
         try { await import('fs'); imported = 'loaded'; } catch (error) { imported = 'refused'; }
         return {
           require: typeof require,
           process: typeof process,
           fetch: typeof fetch,
           xhr: typeof XMLHttpRequest,
           globalProcess: typeof globalOfFunction.process,
           constructorProcess: typeof viaConstructor.process,
           env: (() => { try { return process.env.HOME; } catch (error) { return error.name; } })(),
           imported,
           os: typeof os,
           std: typeof std,
         };
       };`,
      {},
    );
    expect(result).toEqual({
      ok: true,
      logs: [],
      output: {
        require: 'undefined',
        process: 'undefined',
        fetch: 'undefined',
        xhr: 'undefined',
        globalProcess: 'undefined',
        constructorProcess: 'undefined',
        env: 'ReferenceError',
        imported: 'refused',
        os: 'undefined',
        std: 'undefined',
      },
    });
  });

  it('reads inputs as data: a "__proto__" key does not change any prototype', async () => {
    const result = await sandbox.run(
      `export const code = (inputs) => ({ polluted: ({}).polluted ?? null, own: Object.keys(inputs) });`,
      JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'),
    );
    expect(result).toMatchObject({ ok: true, output: { polluted: null } });
  });

  it('ends an endless loop with TIMEOUT while the server goes on answering', async () => {
    const running = sandbox.run(`export const code = () => { for (;;) {} };`, {}, { timeoutMs: 1500 });
    let finished = false;
    void running.then(() => (finished = true));
    // Requests are served while the loop spins in its thread.
    const health = await get(t.app, '/api/health');
    expect(health.statusCode).toBe(200);
    expect(finished).toBe(false);
    expect(await running).toMatchObject({ ok: false, reason: 'TIMEOUT' });
  });

  it('ends an allocation bomb with MEMORY_LIMIT_EXCEEDED, and the next run works', async () => {
    const bomb = await sandbox.run(
      `export const code = () => { const all = []; for (let i = 0; ; i++) all.push({ i, text: 'item ' + i }); };`,
      {},
      // A deadline far off: filling the heap takes seconds on a busy machine, and the memory cap must end it.
      { memoryBytes: 16 * 1024 * 1024, timeoutMs: 20_000 },
    );
    expect(bomb).toMatchObject({ ok: false, reason: 'MEMORY_LIMIT_EXCEEDED' });
    expect(await sandbox.run(`export const code = () => 'still here';`, {})).toEqual({ ok: true, output: 'still here', logs: [] });
  });

  it('reports code that throws, that never settles or that exports no code function', async () => {
    expect(await sandbox.run(`export const code = async () => { throw new TypeError('bad input'); };`, {})).toMatchObject({
      ok: false,
      reason: 'ERROR',
      message: 'TypeError: bad input',
    });
    expect(await sandbox.run(`export const code = () => new Promise(() => {});`, {})).toMatchObject({
      ok: false,
      reason: 'ERROR',
      message: 'The code returned a promise that never settles',
    });
    expect(await sandbox.run(`export const run = () => 1;`, {})).toMatchObject({ ok: false, reason: 'ERROR', message: expect.stringContaining('export a function named code') });
    expect(await sandbox.run(`export const code = () => {`, {})).toMatchObject({ ok: false, reason: 'ERROR', message: expect.stringContaining('SyntaxError') });
  });

  it('runs several at once on its threads and queues the rest', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => sandbox.run(`export const code = async (inputs) => inputs.n * 10;`, { n })),
    );
    expect(results.map((result) => (result.ok ? result.output : result.reason))).toEqual([10, 20, 30, 40, 50]);
  });

  it('keeps one run’s globals, prototypes and leftover jobs from the next run, of the same user or another', async () => {
    // One thread: every run below runs on it, one after the other.
    const one = new CodeSandbox({ threads: 1, timeoutMs: 2000 });
    try {
      const setter = await one.run(
        `export const code = async () => {
           globalThis.leak = 'secret of user a';
           Object.prototype.polluted = 'yes';
           Array.prototype.push = () => 'hijacked';
           JSON.stringify = () => '"forged"';
           console.log = () => {};
           return 'set';
         };`,
        {},
        { owner: 'user-a' },
      );
      expect(setter).toEqual({ ok: true, output: 'set', logs: [] });
      const probe = `export const code = async () => {
        const list = [];
        list.push(1);
        console.log('mine');
        return { leak: typeof globalThis.leak, polluted: ({}).polluted ?? null, push: list.length, json: JSON.stringify({ a: 1 }), counter: typeof globalThis.counter };
      };`;
      const clean = { ok: true, output: { leak: 'undefined', polluted: null, push: 1, json: '{"a":1}', counter: 'undefined' }, logs: ['mine'] };
      expect(await one.run(probe, {}, { owner: 'user-a' })).toEqual(clean);
      expect(await one.run(probe, {}, { owner: 'user-b' })).toEqual(clean);
      // A promise chain that never ends is cut at its deadline: none of its jobs may run in a later run.
      const looper = await one.run(
        `export const code = async () => {
           Promise.resolve().then(function again() { globalThis.counter = (globalThis.counter ?? 0) + 1; console.log('left over'); return Promise.resolve().then(again); });
           return 'looping';
         };`,
        {},
        { owner: 'user-a', timeoutMs: 300 },
      );
      expect(looper).toMatchObject({ ok: false, reason: 'TIMEOUT' });
      expect(await one.run(probe, {}, { owner: 'user-b' })).toEqual(clean);
    } finally {
      await one.close();
    }
  });

  it('keeps a run’s realm for its own steps only: the next run, of the same user or another, starts clean', async () => {
    const one = new CodeSandbox({ threads: 1, timeoutMs: 2000 });
    try {
      const setGlobal = `export const code = async (inputs) => { globalThis.leak = inputs.secret; Object.prototype.polluted = 'yes'; return 'set'; };`;
      const probe = `export const code = async () => ({ leak: typeof globalThis.leak, polluted: ({}).polluted ?? null });`;
      const clean = { ok: true, output: { leak: 'undefined', polluted: null }, logs: [] };
      expect(await one.run(setGlobal, { secret: 'run 1' }, { owner: 'user-a', session: 'run-1' })).toMatchObject({ ok: true });
      // Another run while run 1 still holds its realm on the only thread, then after run 1 ended.
      expect(await one.run(probe, {}, { owner: 'user-a', session: 'run-2' })).toEqual(clean);
      expect(await one.run(probe, {}, { owner: 'user-b', session: 'run-3' })).toEqual(clean);
      one.endSession('run-1');
      expect(await one.run(probe, {}, { owner: 'user-b', session: 'run-4' })).toEqual(clean);
      // A run id seen again (a caller that reuses one) after its end gets a fresh realm too.
      expect(await one.run(probe, {}, { owner: 'user-a', session: 'run-1' })).toEqual(clean);
      // A step that hit its deadline leaves nothing to its run's next step either.
      expect(await one.run(`export const code = () => { globalThis.leak = 'x'; for (;;) {} };`, {}, { session: 'run-5', timeoutMs: 300 })).toMatchObject({ ok: false, reason: 'TIMEOUT' });
      expect(await one.run(probe, {}, { session: 'run-5' })).toEqual(clean);
    } finally {
      await one.close();
    }
  });

  it('runs what the code started without awaiting before it answers, and awaits a returned thenable', async () => {
    expect(await sandbox.run(`export const code = async () => { Promise.resolve().then(() => console.log('later')); return 1; };`, {})).toEqual({ ok: true, output: 1, logs: ['later'] });
    expect(await sandbox.run(`export const code = () => ({ then(resolve) { resolve({ n: 42 }); } });`, {})).toEqual({ ok: true, output: { n: 42 }, logs: [] });
  });

  it('evaluates each step’s code afresh: a loop’s iterations in one run never see each other’s module state', async () => {
    const one = new CodeSandbox({ threads: 1, timeoutMs: 2000 });
    try {
      // Module state shows which evaluation of the module a step ran in.
      const counter = `let count = 0; export const code = async (inputs) => ({ count: ++count, n: inputs.n });`;
      const step = (n: number, session: string) => one.run(counter, { n }, { owner: 'user-a', session });
      expect(await step(1, 'run-1')).toEqual({ ok: true, output: { count: 1, n: 1 }, logs: [] });
      expect(await step(2, 'run-1')).toEqual({ ok: true, output: { count: 1, n: 2 }, logs: [] });
      expect(await step(3, 'run-2')).toEqual({ ok: true, output: { count: 1, n: 3 }, logs: [] });
    } finally {
      await one.close();
    }
  });

  it('runs one code step after another on a thread without running out of memory', async () => {
    const one = new CodeSandbox({ threads: 1, memoryBytes: 16 * 1024 * 1024, timeoutMs: 5000 });
    try {
      // Each run keeps about 5 MB of objects that point at each other on its global object: freed only
      // when its realm is, or the fourth run would pass the 16 MB cap.
      const source = `export const code = async (inputs) => {
        const nodes = [];
        for (let i = 0; i < 200000; i++) { const node = { i, text: 'node ' + i }; node.self = node; nodes.push(node); }
        nodes[0].all = nodes;
        globalThis.kept = nodes;
        return inputs.n;
      };`;
      const results = [];
      for (let n = 0; n < 6; n++) results.push(await one.run(source, { n }));
      expect(results.map((result) => (result.ok ? result.output : result.reason))).toEqual([0, 1, 2, 3, 4, 5]);
    } finally {
      await one.close();
    }
  });
});
