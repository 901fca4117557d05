import { describe, expect, it } from '@rstest/core';
import { AutosaveQueue, type AutosaveStatusEvent, type SaveContext } from '../../src/worker/autosave-queue.ts';
import type { StoredRecord } from '../../src/worker/persistence.ts';
import { TransportError } from '../../src/worker/transport.ts';
import { ManualTimers, settle } from './support/manual-timers.ts';

type Payload = { rev: number };

/** A server whose every answer the test gives by hand (or automatically, when `auto` is set). */
function manualServer() {
  const calls: Array<{ payload: Payload; context: SaveContext; resolve: () => void; reject: (e: unknown) => void }> = [];
  const received: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const state = { auto: false, failures: [] as unknown[] };
  const save = (payload: Payload, context: SaveContext) =>
    new Promise<string>((resolve, reject) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = (outcome: () => void) => {
        inFlight--;
        outcome();
      };
      const call = {
        payload,
        context,
        resolve: () => done(() => {
          received.push(payload.rev);
          resolve(`ok ${payload.rev}`);
        }),
        reject: (error: unknown) => done(() => reject(error)),
      };
      calls.push(call);
      if (state.auto) {
        const failure = state.failures.shift();
        if (failure !== undefined) call.reject(failure);
        else call.resolve();
      }
    });
  return { save, calls, received, state, maxInFlight: () => maxInFlight, last: () => calls[calls.length - 1]! };
}

/** A stored record that remembers every write, standing in for the IndexedDB 'unsaved' record. */
function memoryRecord() {
  const log: string[] = [];
  let value: Payload | undefined;
  const record: StoredRecord<Payload> = {
    get: async () => value,
    put: async (next) => {
      value = next;
      log.push(`put ${next.rev}`);
    },
    delete: async () => {
      value = undefined;
      log.push('delete');
    },
  };
  return { record, log, value: () => value };
}

function setup(options: { recovered?: Payload; paced?: boolean } = {}) {
  const timers = new ManualTimers();
  const server = manualServer();
  const stored = memoryRecord();
  const events: AutosaveStatusEvent[] = [];
  const saved: string[] = [];
  const queue = new AutosaveQueue<Payload, string>({
    save: server.save,
    pending: stored.record,
    timers,
    onSaved: (result) => saved.push(result),
    ...(options.recovered ? { recovered: options.recovered } : {}),
    ...(options.paced ? { pace: { now: () => timers.now, fromMs: 200 } } : {}),
  });
  queue.subscribe((event) => events.push(event));
  const statuses = () => events.map((event) => event.status);
  return { queue, timers, server, stored, events, statuses, saved };
}

const rev = (n: number): Payload => ({ rev: n });

describe('AutosaveQueue', () => {
  it('sends one request at a time, in order, dropping saves superseded while one is in flight', async () => {
    const { queue, server, statuses, saved } = setup();
    queue.enqueue(rev(1));
    await settle();
    queue.enqueue(rev(2));
    queue.enqueue(rev(3));
    await settle();
    expect(server.calls.map((c) => c.payload.rev)).toEqual([1]);
    server.last().resolve();
    await settle();
    expect(server.calls.map((c) => c.payload.rev)).toEqual([1, 3]);
    server.last().resolve();
    await settle();
    expect(server.received).toEqual([1, 3]);
    expect(server.maxInFlight()).toBe(1);
    expect(saved).toEqual(['ok 1', 'ok 3']);
    expect(statuses()).toEqual(['saved', 'saving', 'saved']);
  });

  it('coalesces ten quick edits into fewer saves, the last one winning', async () => {
    const { queue, server } = setup();
    server.state.auto = true;
    for (let i = 1; i <= 10; i++) queue.enqueue(rev(i));
    await settle();
    expect(server.received.length).toBeLessThan(10);
    expect(server.received.at(-1)).toBe(10);
    expect(server.received).toEqual([...server.received].sort((a, b) => a - b));
    expect(queue.status.status).toBe('saved');
  });

  it('writes the newest payload to storage before its request and deletes it only when confirmed', async () => {
    const { queue, server, stored } = setup();
    queue.enqueue(rev(1));
    await settle();
    expect(stored.value()).toEqual(rev(1));
    expect(server.calls).toHaveLength(1);
    queue.enqueue(rev(2));
    await settle();
    server.last().resolve();
    await settle();
    // 1 confirmed, but 2 is waiting: the stored copy is 2, not gone.
    expect(stored.value()).toEqual(rev(2));
    server.last().resolve();
    await settle();
    expect(stored.value()).toBeUndefined();
    expect(stored.log).toEqual(['put 1', 'put 2', 'delete']);
  });

  it('retries a failure with back-off doubling to 30 s, never dropping the payload', async () => {
    const { queue, server, timers, events, stored } = setup();
    server.state.auto = true;
    server.state.failures = Array.from({ length: 7 }, () => new TransportError({ kind: 'http', status: 503, message: 'down' }));
    queue.enqueue(rev(1));
    await settle();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(timers.pending[0]!);
      await timers.advance(timers.pending[0]!);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(server.calls.map((c) => c.context.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(server.received).toEqual([1]);
    expect(stored.value()).toBeUndefined();
    const errors = events.filter((e) => e.status === 'error');
    expect(errors).toHaveLength(7);
    expect(errors[0]).toEqual({ status: 'error', error: { message: 'down', status: 503 }, attempt: 1, retryInMs: 1000 });
    expect(events.at(-1)?.status).toBe('saved');
  });

  it('keeps the payload in storage while failing, and retries the newest one', async () => {
    const { queue, server, timers, stored } = setup();
    queue.enqueue(rev(1));
    await settle();
    server.last().reject(new Error('offline'));
    await settle();
    expect(stored.value()).toEqual(rev(1));
    expect(queue.status).toMatchObject({ status: 'error', attempt: 1 });
    // Edits during the back-off wait for it (no hammering a failing server) and replace the retry.
    queue.enqueue(rev(2));
    queue.enqueue(rev(3));
    await settle();
    expect(server.calls).toHaveLength(1);
    await timers.advance(1000);
    expect(server.last().payload).toEqual(rev(3));
    server.last().resolve();
    await settle();
    expect(server.received).toEqual([3]);
    expect(queue.status.status).toBe('saved');
  });

  it('sends a recovered payload first', async () => {
    const { server, stored } = setup({ recovered: rev(7) });
    await settle();
    expect(server.calls.map((c) => c.payload)).toEqual([rev(7)]);
    server.last().resolve();
    await settle();
    expect(stored.value()).toBeUndefined();
  });

  it('saves 3 s after a delayed request, unless an immediate save replaces it', async () => {
    const { queue, server, timers, statuses, stored } = setup();
    server.state.auto = true;
    queue.scheduleDelayed(rev(1));
    await settle();
    expect(statuses()).toEqual(['saved', 'unsaved']);
    expect(stored.value()).toEqual(rev(1)); // kept while waiting: a reload now loses nothing
    await timers.advance(2999);
    expect(server.calls).toHaveLength(0);
    await timers.advance(1);
    expect(server.received).toEqual([1]);

    queue.scheduleDelayed(rev(2));
    await timers.advance(1000);
    queue.scheduleDelayed(rev(3)); // restarts the 3 s
    await timers.advance(2500);
    expect(server.received).toEqual([1]);
    queue.enqueue(rev(4));
    await settle();
    expect(server.received).toEqual([1, 4]);
    await timers.advance(10_000);
    expect(server.received).toEqual([1, 4]);
    expect(timers.pending).toEqual([]);
  });

  it('flush sends what is delayed or waiting for a retry now, and settles with the outcome', async () => {
    const { queue, server, timers } = setup();
    await expect(queue.flush()).resolves.toBeUndefined();
    server.state.auto = true;
    queue.scheduleDelayed(rev(1));
    await queue.flush();
    expect(server.received).toEqual([1]);
    expect(timers.pending).toEqual([]);

    server.state.failures = [new Error('boom')];
    queue.enqueue(rev(2));
    await settle();
    expect(queue.status.status).toBe('error');
    await queue.flush(); // skips the back-off wait
    expect(server.received).toEqual([1, 2]);

    server.state.failures = [new Error('again')];
    queue.enqueue(rev(3));
    await settle();
    server.state.failures = [new Error('still failing')];
    await expect(queue.flush()).rejects.toThrow('still failing');
    await timers.advance(2000);
    expect(server.received).toEqual([1, 2, 3]); // the queue kept retrying after flush gave up
  });

  it('stops on a 409 until the user decides, then keeps theirs with an overwrite', async () => {
    const { queue, server, timers, stored } = setup();
    queue.enqueue(rev(1));
    await settle();
    server.last().reject(new TransportError({ kind: 'http', status: 409, message: 'stale' }));
    await settle();
    expect(queue.status).toEqual({ status: 'conflict', error: { message: 'stale', status: 409 } });
    expect(timers.pending).toEqual([]);
    queue.enqueue(rev(2));
    await settle();
    expect(server.calls).toHaveLength(1);
    await expect(queue.flush()).rejects.toThrow('stale');
    expect(stored.value()).toEqual(rev(2));
    queue.resolveConflict('keep-mine');
    await settle();
    expect(server.last().payload).toEqual(rev(2));
    expect(server.last().context.overwrite).toBe(true);
    server.last().resolve();
    await settle();
    queue.enqueue(rev(3));
    await settle();
    expect(server.last().context.overwrite).toBe(false);
  });

  it("drops unsaved changes when the user chooses to reload after a 409", async () => {
    const { queue, server, stored } = setup();
    queue.enqueue(rev(1));
    await settle();
    server.last().reject(new TransportError({ kind: 'http', status: 409, message: 'stale' }));
    await settle();
    queue.resolveConflict('reload');
    await settle();
    expect(queue.status.status).toBe('saved');
    expect(queue.hasPending).toBe(false);
    expect(stored.value()).toBeUndefined();
    expect(server.calls).toHaveLength(1);
  });

  it('after dispose sends nothing more, clears its timers and leaves the unsaved payload stored', async () => {
    const { queue, server, timers, stored } = setup();
    queue.enqueue(rev(1));
    await settle();
    server.last().reject(new Error('offline'));
    await settle();
    queue.scheduleDelayed(rev(2));
    await queue.dispose();
    expect(timers.pending).toEqual([]);
    queue.enqueue(rev(3));
    await timers.advance(60_000);
    expect(server.calls).toHaveLength(1);
    expect(stored.value()).toEqual(rev(2));
    await expect(queue.flush()).rejects.toThrow('closed');
  });

  it('aborts the request in flight on dispose', async () => {
    const { queue, server } = setup();
    queue.enqueue(rev(1));
    await settle();
    expect(server.last().context.signal.aborted).toBe(false);
    await queue.dispose();
    expect(server.last().context.signal.aborted).toBe(true);
  });

  describe('paced', () => {
    /** Save 1 goes out, save 2 waits behind it, and the server takes `ms` to answer save 1. */
    async function firstSaveTakes(ms: number) {
      const queue = setup({ paced: true });
      queue.queue.enqueue(rev(1));
      await settle();
      queue.queue.enqueue(rev(2));
      await queue.timers.advance(ms);
      queue.server.last().resolve();
      await settle();
      return queue;
    }

    it('waits as long as a slow save took before sending the next, nothing lost', async () => {
      const { queue, server, timers, statuses } = await firstSaveTakes(500);
      expect(server.calls.map((c) => c.payload.rev)).toEqual([1]);
      expect(timers.pending).toEqual([500]);
      queue.enqueue(rev(3)); // a newer edit during the pause replaces the waiting one
      await timers.advance(499);
      expect(server.calls.map((c) => c.payload.rev)).toEqual([1]);
      await timers.advance(1);
      expect(server.calls.map((c) => c.payload.rev)).toEqual([1, 3]);
      server.last().resolve();
      await settle();
      expect(server.received).toEqual([1, 3]);
      expect(statuses()).toEqual(['saved', 'saving', 'saved']);
    });

    it('sends the next at once after a fast save', async () => {
      const { server, timers } = await firstSaveTakes(100);
      expect(server.calls.map((c) => c.payload.rev)).toEqual([1, 2]);
      expect(timers.pending).toEqual([]);
    });

    it('does not make a publish wait: flush sends what waits at once', async () => {
      const { queue, server } = await firstSaveTakes(800);
      const flushed = queue.flush();
      await settle();
      expect(server.calls.map((c) => c.payload.rev)).toEqual([1, 2]);
      server.last().resolve();
      await flushed;
      expect(queue.status.status).toBe('saved');
    });

    it('ends the pause when the waiting save is discarded or turned into an undo’s delayed save', async () => {
      const discarded = await firstSaveTakes(500);
      discarded.queue.discard();
      await discarded.timers.advance(5000);
      expect(discarded.server.calls.map((c) => c.payload.rev)).toEqual([1]);
      expect(discarded.queue.status.status).toBe('saved');

      const undone = await firstSaveTakes(500);
      undone.queue.scheduleDelayed(rev(3));
      await undone.timers.advance(500);
      expect(undone.queue.status.status).toBe('unsaved');
      await undone.timers.advance(3000);
      expect(undone.server.calls.map((c) => c.payload.rev)).toEqual([1, 3]);
    });
  });
});
