import { describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import { AutosaveQueue, type SaveContext } from '../../src/worker/autosave-queue.ts';
import type { StoredRecord } from '../../src/worker/persistence.ts';
import { TransportError } from '../../src/worker/transport.ts';
import { ManualTimers, settle } from './support/manual-timers.ts';

type Action =
  | { kind: 'edit' }
  | { kind: 'undo' }
  | { kind: 'answer'; ok: boolean }
  | { kind: 'time'; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constant<Action>({ kind: 'edit' }),
  fc.constant<Action>({ kind: 'undo' }),
  fc.boolean().map<Action>((ok) => ({ kind: 'answer', ok })),
  fc.integer({ min: 1, max: 40_000 }).map<Action>((ms) => ({ kind: 'time', ms })),
);

describe('AutosaveQueue under random edits, failures and time', () => {
  it('saves in order, one at a time, and ends with the newest payload saved and nothing left stored', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        const timers = new ManualTimers();
        const pendingAnswers: Array<{ resolve: () => void; reject: (e: unknown) => void }> = [];
        const received: number[] = [];
        let inFlight = 0;
        let maxInFlight = 0;
        let autoAnswer = false;
        const save = (payload: number, _context: SaveContext) =>
          new Promise<void>((resolve, reject) => {
            inFlight++;
            maxInFlight = Math.max(maxInFlight, inFlight);
            const answer = {
              resolve: () => {
                inFlight--;
                received.push(payload);
                resolve();
              },
              reject: (error: unknown) => {
                inFlight--;
                reject(error);
              },
            };
            if (autoAnswer) answer.resolve();
            else pendingAnswers.push(answer);
          });
        let stored: number | undefined;
        const pending: StoredRecord<number> = {
          get: async () => stored,
          put: async (value) => void (stored = value),
          delete: async () => void (stored = undefined),
        };
        const queue = new AutosaveQueue<number, void>({ save, pending, timers });
        let revision = 0;
        for (const step of actions) {
          if (step.kind === 'edit') queue.enqueue(++revision);
          else if (step.kind === 'undo') queue.scheduleDelayed(++revision);
          else if (step.kind === 'answer') {
            const answer = pendingAnswers.shift();
            if (step.ok) answer?.resolve();
            else answer?.reject(new TransportError({ kind: 'network', message: 'offline' }));
          } else await timers.advance(step.ms);
          await settle(3);
          // Whatever is not yet confirmed is in storage, so a reload now would lose nothing.
          if (revision > 0 && queue.hasPending) expect(stored).toBe(revision);
        }
        autoAnswer = true;
        for (const answer of pendingAnswers.splice(0)) answer.resolve();
        await settle();
        await timers.advance(120_000);
        expect(maxInFlight).toBeLessThanOrEqual(1);
        expect(received).toEqual([...received].sort((a, b) => a - b));
        if (revision > 0) expect(received.at(-1)).toBe(revision);
        expect(stored).toBeUndefined();
        expect(queue.status.status).toBe('saved');
        await queue.dispose();
      }),
      { numRuns: 150 },
    );
  });
});
