/**
 * The Delay, Data mapper and Notification pieces through the action lookup the engine uses: delays
 * wait (and stop when the run stops, and refuse past the limit), mappings come from objects or JSON
 * text, notifications reach the run's user through the function the server passes in.
 */
import { describe, expect, it } from '@rstest/core';
import type { Database } from '../../server/db/database.ts';
import type { PieceAction } from '../../server/engine/execute-flow.ts';
import { createPieceActions, type PieceRuntimeOptions } from '../../server/engine/pieces/index.ts';
import { ACTION_PIECES } from '../../src/domain/pieces/index.ts';

type Sent = { userId: string; message: Parameters<PieceRuntimeOptions['notifyUser']>[1] };

function piecesWith(sent: Sent[] = []) {
  return createPieceActions({
    // These pieces never touch the database; a store call here would fail loudly.
    db: {} as Database,
    notifyUser: async (userId, message) => {
      sent.push({ userId, message });
    },
    http: { defaultTimeoutMs: 1000, maxTimeoutMs: 1000, allowPrivateNetworks: false, maxResponseBytes: 1000 },
    maxDelayMs: 60 * 60 * 1000,
    resolveConnection: async () => {
      throw new Error('no connections here');
    },
  });
}

function action(pieceName: string, actionName: string, sent?: Sent[]): PieceAction {
  const found = piecesWith(sent)(pieceName, actionName);
  if (!found) throw new Error(`no ${pieceName} ${actionName}`);
  return found;
}

const context = { userId: 'u1' };

describe('the action lookup', () => {
  it('finds behaviour for every action the catalogue offers, and none for a name it lacks', () => {
    const lookup = piecesWith();
    const offered = ACTION_PIECES.flatMap((piece) => piece.actions.map((offer) => [piece.name, offer.name] as const));
    expect(offered.length).toBeGreaterThan(5);
    expect(offered.filter(([piece, name]) => lookup(piece, name) === undefined)).toEqual([]);
    expect(lookup('@activepieces/piece-delay', 'delay_until')).toBeUndefined();
    expect(lookup('@acme/nothing', 'get')).toBeUndefined();
    expect(lookup('@activepieces/piece-store', 'toString')).toBeUndefined();
  });
});

describe('the delay piece', () => {
  const delay = action('@activepieces/piece-delay', 'delay_for');

  it('waits for the time asked', async () => {
    const started = performance.now();
    expect(await delay({ delayFor: 0.2, unit: 'seconds' }, context)).toEqual({ delayedForMs: 200 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(180);
    expect(await delay({ delayFor: '0', unit: 'minutes' }, context)).toEqual({ delayedForMs: 0 });
  });

  it('ends early when the run is stopped', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(delay({ delayFor: 10, unit: 'minutes' }, { ...context, signal: controller.signal })).rejects.toThrow('The delay was stopped');
    await expect(delay({ delayFor: 1, unit: 'seconds' }, { ...context, signal: AbortSignal.abort() })).rejects.toThrow('The delay was stopped');
  });

  it('refuses a delay past the limit at once, naming the limit, and bad input', async () => {
    await expect(delay({ delayFor: 2, unit: 'hours' }, context)).rejects.toThrow('A delay can be at most 1 hour');
    await expect(delay({ delayFor: 61, unit: 'minutes' }, context)).rejects.toThrow('A delay can be at most 1 hour');
    await expect(delay({ delayFor: -1, unit: 'seconds' }, context)).rejects.toThrow('Enter how long to wait');
    await expect(delay({ delayFor: 'soon', unit: 'seconds' }, context)).rejects.toThrow('Enter how long to wait');
    await expect(delay({ delayFor: 1, unit: 'days' }, context)).rejects.toThrow('Choose a unit');
  });
});

describe('the data mapper piece', () => {
  const map = action('@activepieces/piece-data-mapper', 'advanced_mapping');

  it('outputs the mapping, given as an object or as JSON text', async () => {
    expect(await map({ mapping: { name: 'Ada', tags: ['a'], nested: { n: 1 } } }, context)).toEqual({ name: 'Ada', tags: ['a'], nested: { n: 1 } });
    expect(await map({ mapping: '{"total": 3, "ok": true}' }, context)).toEqual({ total: 3, ok: true });
    expect(await map({ mapping: {} }, context)).toEqual({});
  });

  it('refuses anything that is not an object', async () => {
    for (const mapping of ['{broken', '[1, 2]', '"text"', '42', [1], 42, null, undefined, '']) {
      await expect(map({ mapping }, context)).rejects.toThrow('The mapping must be a JSON object');
    }
  });
});

describe('the notification piece', () => {
  it('notifies the run’s user with the message, level, workflow and run', async () => {
    const sent: Sent[] = [];
    const notify = action('@flowsmith/piece-notification', 'send_notification', sent);
    const output = await notify({ message: '  Order 42 shipped ', level: 'success' }, { userId: 'user-7', flowId: 'flow-1', runId: 'run-1' });
    expect(output).toEqual({ sent: true, message: 'Order 42 shipped', level: 'success' });
    expect(sent).toEqual([{ userId: 'user-7', message: { type: 'notification', data: { message: 'Order 42 shipped', level: 'success', flowId: 'flow-1', runId: 'run-1' } } }]);
  });

  it('defaults the level to info and refuses bad input without notifying', async () => {
    const sent: Sent[] = [];
    const notify = action('@flowsmith/piece-notification', 'send_notification', sent);
    expect(await notify({ message: 'Hello' }, context)).toEqual({ sent: true, message: 'Hello', level: 'info' });
    await expect(notify({ message: '   ', level: 'info' }, context)).rejects.toThrow('Enter a message');
    await expect(notify({ level: 'info' }, context)).rejects.toThrow('Enter a message');
    await expect(notify({ message: { a: 1 }, level: 'info' }, context)).rejects.toThrow('The message must be text');
    await expect(notify({ message: 'x'.repeat(2001), level: 'info' }, context)).rejects.toThrow('at most 2000 characters');
    await expect(notify({ message: 'Hi', level: 'panic' }, context)).rejects.toThrow('Choose a level');
    expect(sent).toHaveLength(1);
  });
});
