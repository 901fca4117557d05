import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { createServer, type FlowsmithServer } from '../../server/app.ts';
import { runsChannelName } from '../../server/runs/queued-signal.ts';
import { fitMessage, liveChannelName, MAX_MESSAGE_CHARS, type LiveMessage } from '../../server/live/live-hub.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let ada: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  ada = await signedInUser(t.app, 'Ada');
  bob = await signedInUser(t.app, 'Bob');
});
afterAll(async () => {
  await t?.close();
});

function wsUrl(server: FlowsmithServer): string {
  return `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
}

/** An authenticated socket that keeps every non-ping message and can wait for the next one. */
async function signedInSocket(url: string, token: string) {
  const socket = new WebSocket(url);
  const received: Array<Record<string, unknown>> = [];
  let wake: (() => void) | undefined;
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    if (message.type === 'ping') return;
    received.push(message);
    wake?.();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let seen = 0;
  const next = async (): Promise<Record<string, unknown>> => {
    const deadline = Date.now() + 5000;
    while (seen >= received.length) {
      if (Date.now() > deadline) throw new Error('no message within 5 s');
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100).unref();
      });
    }
    return received[seen++]!;
  };
  socket.send(JSON.stringify({ type: 'auth', token }));
  expect(await next()).toEqual({ type: 'auth_success' });
  return {
    socket,
    received,
    next,
    /**
     * A round trip: everything the server sent this socket before it is in `received` afterwards.
     * (Unsubscribe is confirmed for any id; subscribe only for the user's own workflows.)
     */
    async sync(id: string) {
      socket.send(JSON.stringify({ type: 'unsubscribe', workflow_id: id }));
      while ((await next()).workflow_id !== id);
    },
    close: () => socket.close(),
  };
}

const note = (message: string, extra: Record<string, unknown> = {}): LiveMessage => ({
  type: 'notification',
  data: { message, level: 'info', ...extra },
});

describe('live hub', () => {
  it('stops delivering to a socket whose later authentication fails', async () => {
    const url = wsUrl(t.server);
    const ada1 = await signedInSocket(url, ada.token);
    ada1.socket.send(JSON.stringify({ type: 'auth', token: 'not-a-token' }));
    expect((await ada1.next()).type).toBe('auth_error');
    await t.server.hub.notifyUser(ada.id, note('Not for a signed-out socket'));
    // Not authenticated any more: a subscribe is refused, and the notification never came.
    ada1.socket.send(JSON.stringify({ type: 'subscribe', workflow_id: 'w' }));
    expect(await ada1.next()).toEqual({ type: 'error', message: 'Not authenticated' });
    expect(ada1.received.some((m) => m.type === 'notification')).toBe(false);
    ada1.close();
  });

  it('delivers to every socket of the user and to no one else', async () => {
    const url = wsUrl(t.server);
    const [ada1, ada2, bob1] = await Promise.all([
      signedInSocket(url, ada.token),
      signedInSocket(url, ada.token),
      signedInSocket(url, bob.token),
    ]);
    await t.server.hub.notifyUser(ada.id, note('Run finished', { runId: 'r1' }));
    expect(await ada1.next()).toEqual({ type: 'notification', data: { message: 'Run finished', level: 'info', runId: 'r1' } });
    expect(await ada2.next()).toEqual({ type: 'notification', data: { message: 'Run finished', level: 'info', runId: 'r1' } });
    await bob1.sync('after-notify');
    expect(bob1.received.filter((m) => m.type === 'notification')).toEqual([]);

    // A closed socket is detached; the user's other socket still gets messages.
    ada1.close();
    await new Promise((resolve) => ada1.socket.once('close', resolve));
    await t.server.hub.notifyUser(ada.id, note('Second'));
    expect(await ada2.next()).toMatchObject({ data: { message: 'Second' } });
    ada2.close();
    bob1.close();
  });

  it('cuts the text to 1000 characters and drops the largest extra fields of an oversized message', () => {
    const big = note('x'.repeat(5000), { runId: 'r9', output: 'y'.repeat(20_000) });
    const size = (m: LiveMessage) => Buffer.byteLength(JSON.stringify(m));
    const fitted = fitMessage(big, size, 7999);
    expect(fitted.data.message).toHaveLength(MAX_MESSAGE_CHARS);
    expect(fitted.data).toEqual({ message: 'x'.repeat(1000), level: 'info', runId: 'r9' });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(fitMessage(note('hi', { cyclic }), size, 7999).data).toEqual({ message: 'hi', level: 'info' });
  });

  it('names one channel per schema', () => {
    expect(liveChannelName('test_0a1b2c')).toBe('flowsmith_live_test_0a1b2c');
    expect(liveChannelName('Weird-Schema')).toMatch(/^flowsmith_live_[0-9a-f]{32}$/);
    expect(liveChannelName('s'.repeat(63)).length).toBeLessThanOrEqual(63);
  });

  // PGlite cannot be opened by two processes; on PostgreSQL a second server on the same schema stands in
  // for a second process (it has its own pool, its own LISTEN connection and its own sockets).
  it.runIf(Boolean(process.env.DATABASE_URL))('reaches a socket held by another server process', async () => {
    const other = await createServer(t.options);
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const here = await signedInSocket(wsUrl(t.server), ada.token);
      const there = await signedInSocket(wsUrl(other), ada.token);
      const bobThere = await signedInSocket(wsUrl(other), bob.token);

      const huge = note('z'.repeat(3000), { runId: 'r2', output: 'o'.repeat(50_000) });
      await t.server.hub.notifyUser(ada.id, huge);
      const expected = { type: 'notification', data: { message: 'z'.repeat(1000), level: 'info', runId: 'r2' } };
      expect(await there.next()).toEqual(expected);
      expect(await here.next()).toEqual(expected);

      // Back the other way. NOTIFYs reach a listener in commit order, so once `here` has this one, an echo
      // of the first (had server 1 not ignored its own) would already have arrived: exactly two, no dupes.
      await other.hub.notifyUser(ada.id, note('From server 2'));
      expect(await there.next()).toMatchObject({ data: { message: 'From server 2' } });
      expect(await here.next()).toMatchObject({ data: { message: 'From server 2' } });
      await here.sync('settled');
      expect(here.received.filter((m) => m.type === 'notification')).toHaveLength(2);
      await bobThere.sync('settled');
      expect(bobThere.received.filter((m) => m.type === 'notification')).toEqual([]);
      for (const client of [here, there, bobThere]) client.close();
    } finally {
      await other.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('listens again after its connection drops', async () => {
    const other = await createServer(t.options);
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const there = await signedInSocket(wsUrl(other), ada.token);
      // The listening connection shows its last statement: this schema's live channel or its runs channel.
      const schema = t.options.databaseSchema ?? 'public';
      const channels = [liveChannelName(schema), runsChannelName(schema)];
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
          WHERE application_name = 'flowsmith-listen' AND query = ANY($1)`,
        [channels.map((channel) => `LISTEN "${channel}"`)],
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
      // Notifications sent while no one listens are lost (PostgreSQL keeps none): send until one arrives.
      const deadline = Date.now() + 15_000;
      while (!there.received.some((m) => m.type === 'notification')) {
        if (Date.now() > deadline) throw new Error('the listener did not come back');
        await t.server.hub.notifyUser(ada.id, note('Back again'));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(there.received.find((m) => m.type === 'notification')).toMatchObject({ data: { message: 'Back again' } });
      there.close();
    } finally {
      await other.close();
    }
  });
});
