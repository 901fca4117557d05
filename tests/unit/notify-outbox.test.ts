import { describe, expect, test } from '@rstest/core';
import { createNotifyOutbox } from '../../server/live/notify-outbox.ts';

/** A sender whose batches the test settles by hand, recording what each carried. */
function manualSender() {
  const batches: string[][] = [];
  const settle: Array<(error?: Error) => void> = [];
  const send = (payloads: string[]) => {
    batches.push(payloads);
    return new Promise<void>((resolve, reject) => settle.push((error) => (error ? reject(error) : resolve())));
  };
  return { batches, settle, send };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('notify outbox', () => {
  test('a payload at rest goes at once; those sent meanwhile go together, in order', async () => {
    const sender = manualSender();
    const outbox = createNotifyOutbox(sender.send);
    const first = outbox.send('a');
    expect(sender.batches).toEqual([['a']]);
    const later = [outbox.send('b'), outbox.send('c'), outbox.send('d')];
    expect(sender.batches).toHaveLength(1);
    sender.settle[0]!();
    await first;
    await tick();
    expect(sender.batches).toEqual([['a'], ['b', 'c', 'd']]);
    sender.settle[1]!();
    await Promise.all(later);
  });

  test('a payload sent from the continuation of a settled one is not left behind', async () => {
    const sender = manualSender();
    const outbox = createNotifyOutbox(sender.send);
    const chained = outbox.send('a').then(() => outbox.send('b'));
    sender.settle[0]!();
    await tick();
    expect(sender.batches).toEqual([['a'], ['b']]);
    sender.settle[1]!();
    await chained;
    await outbox.drained();
  });

  test('a failed batch rejects its own payloads only', async () => {
    const sender = manualSender();
    const outbox = createNotifyOutbox(sender.send);
    const first = outbox.send('a');
    const second = outbox.send('b');
    sender.settle[0]!(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    sender.settle[1]!();
    await expect(second).resolves.toBeUndefined();
  });
});
