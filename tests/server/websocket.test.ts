import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import Fastify from 'fastify';
import WebSocket from 'ws';
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_DEPTH, registerWebSocket } from '../../server/live/websocket.ts';
import { createFlow } from './flows.ts';
import { signedInUser, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let url: string;
let accessToken: string;
/** Two workflows of the signed-in user, and one of another user. */
let ownFlow: string;
let ownFlow2: string;
let otherToken: string;
let otherFlow: string;

beforeAll(async () => {
  t = await startTestServer({ wsPingIntervalMs: 200, wsAuthTimeoutMs: 500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  const user = await signedInUser(t.app);
  accessToken = user.token;
  ownFlow = (await createFlow(t, accessToken, 'Mine')).flow.id;
  ownFlow2 = (await createFlow(t, accessToken, 'Mine too')).flow.id;
  const other = await signedInUser(t.app, 'Grace Hopper');
  otherToken = other.token;
  otherFlow = (await createFlow(t, otherToken, 'Theirs')).flow.id;
});
afterAll(async () => {
  await t?.close();
});

/** A client that keeps every message it receives and can wait for the next of a type. */
async function connect(address = url) {
  const socket = new WebSocket(address);
  const received: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as Record<string, unknown>);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let seen = 0;
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return {
    socket,
    received,
    /** The close code, once the socket has closed. */
    closed,
    send(message: unknown) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    },
    /** Sends, authenticates and waits for auth_success. */
    async auth(token = accessToken) {
      socket.send(JSON.stringify({ type: 'auth', token }));
      expect(await this.next()).toEqual({ type: 'auth_success' });
    },
    /** The next message (skipping pings unless asked for) not yet returned. */
    async next(type?: string): Promise<Record<string, unknown>> {
      for (;;) {
        while (seen < received.length) {
          const message = received[seen++]!;
          if (type ? message.type === type : message.type !== 'ping') return message;
        }
        await new Promise<void>((resolve, reject) => {
          waiters.push(resolve);
          setTimeout(() => reject(new Error(`no ${type ?? 'message'} within 3 s`)), 3000).unref();
        });
      }
    },
    close() {
      socket.close();
    },
  };
}

describe('/ws', () => {
  it('authenticates with an access token, then confirms subscriptions', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: accessToken });
    expect(await client.next()).toEqual({ type: 'auth_success' });
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    client.send({ type: 'unsubscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'unsubscription_confirmed', workflow_id: ownFlow });
    client.close();
  });

  it('answers messages in order, even right after auth', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: accessToken });
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'auth_success' });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    client.close();
  });

  it('refuses a bad token with auth_error', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: 'garbage' });
    expect(await client.next()).toEqual({ type: 'auth_error', message: 'Authentication required' });
    const [header, payload] = accessToken.split('.');
    client.send({ type: 'auth', token: `${header}.${payload}.AAAA` });
    expect(await client.next()).toEqual({ type: 'auth_error', message: 'Your session has expired' });
    client.close();
  });

  it('refuses anything but auth before authentication', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'error', message: 'Not authenticated' });
    client.close();
  });

  it('answers unparsable and unknown messages with an error', async () => {
    const client = await connect();
    client.send('{not json');
    expect(await client.next()).toEqual({ type: 'error', message: 'Invalid message' });
    client.send({ type: 'auth', token: accessToken });
    expect(await client.next()).toEqual({ type: 'auth_success' });
    client.send({ type: 'dance' });
    expect(await client.next()).toEqual({ type: 'error', message: 'Invalid message' });
    client.send({ type: 'pong' });
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    client.close();
  });

  it('pings on its interval', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: accessToken });
    expect(await client.next('ping')).toEqual({ type: 'ping' });
    client.send({ type: 'pong' });
    client.close();
  });

  it('closes a socket that does not authenticate in time', async () => {
    const client = await connect();
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    expect(await closed).toBe(4001);
    expect(client.received).toContainEqual({ type: 'error', message: 'Authentication timeout' });
  });

  it('answers a plain HTTP GET with 426', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(response.statusCode).toBe(426);
    expect(response.json()).toEqual({ code: 'VALIDATION', message: 'WebSocket upgrade required' });
  });

  it('keeps an authenticated socket open past the timeout', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: accessToken });
    await client.next('auth_success');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.close();
  });

  it("confirms only the user's own workflows: another user's, an unknown, a malformed or a missing id get an error", async () => {
    const client = await connect();
    await client.auth();
    client.send({ type: 'subscribe', workflow_id: otherFlow });
    expect(await client.next()).toEqual({ type: 'error', message: `Workflow ${otherFlow} not found` });
    const unknown = '00000000-0000-4000-8000-000000000000';
    client.send({ type: 'subscribe', workflow_id: unknown });
    expect(await client.next()).toEqual({ type: 'error', message: `Workflow ${unknown} not found` });
    for (const malformed of ['wf-1', 42, `${ownFlow}x`, ' ', { id: ownFlow }, [ownFlow], true]) {
      client.send({ type: 'subscribe', workflow_id: malformed });
      expect(await client.next()).toEqual({ type: 'error', message: 'Invalid workflow id' });
    }
    for (const missing of [{ type: 'subscribe' }, { type: 'subscribe', workflow_id: null }, { type: 'subscribe', workflow_id: '' }]) {
      client.send(missing);
      expect(await client.next()).toEqual({ type: 'error', message: 'Subscribe needs a workflow_id' });
    }
    // The user's own, and again (a no-op): confirmed; nothing above was.
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    expect(client.received.filter((message) => message.type === 'subscription_confirmed').map((message) => message.workflow_id)).toEqual([ownFlow, ownFlow]);
    client.close();

    // The other user's socket is confirmed for that user's workflow, refused for this one's.
    const other = await connect();
    await other.auth(otherToken);
    other.send({ type: 'subscribe', workflow_id: otherFlow });
    expect(await other.next()).toEqual({ type: 'subscription_confirmed', workflow_id: otherFlow });
    other.send({ type: 'subscribe', workflow_id: ownFlow2 });
    expect(await other.next()).toEqual({ type: 'error', message: `Workflow ${ownFlow2} not found` });
    other.close();
  });

  it('forgets the subscriptions of the earlier user when a socket authenticates as another', async () => {
    const client = await connect();
    await client.auth();
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    await client.auth(otherToken);
    client.send({ type: 'subscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'error', message: `Workflow ${ownFlow} not found` });
    client.send({ type: 'subscribe', workflow_id: otherFlow });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: otherFlow });
    client.close();
  });

  it('answers a frame over the size limit with an error naming the limit, then closes with 1009', async () => {
    const client = await connect();
    await client.auth();
    // A frame of exactly the limit is read.
    const subscribe = JSON.stringify({ type: 'subscribe', workflow_id: ownFlow, pad: '' });
    client.send(subscribe.replace('"pad":""', `"pad":"${'x'.repeat(MAX_MESSAGE_BYTES - subscribe.length)}"`));
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    // One byte more is not.
    client.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect(await client.next()).toEqual({ type: 'error', message: `Message too large (limit ${MAX_MESSAGE_BYTES} bytes)` });
    expect(await client.closed).toBe(1009);

    // A frame far over it (its header already says so, nothing of it is read) and a message split into
    // fragments that are each under the limit but together over it.
    const huge = await connect();
    await huge.auth();
    huge.send(Buffer.alloc(1024 * 1024, 'y'));
    expect(await huge.next()).toEqual({ type: 'error', message: `Message too large (limit ${MAX_MESSAGE_BYTES} bytes)` });
    expect(await huge.closed).toBe(1009);
    const fragmented = await connect();
    await fragmented.auth();
    fragmented.socket.send('z'.repeat(40_000), { fin: false });
    fragmented.socket.send('z'.repeat(40_000), { fin: true });
    expect(await fragmented.next()).toEqual({ type: 'error', message: `Message too large (limit ${MAX_MESSAGE_BYTES} bytes)` });
    expect(await fragmented.closed).toBe(1009);

    // The server answers the next socket as before.
    const after = await connect();
    await after.auth();
    after.close();
  });

  it('refuses a frame nested deeper than the limit before parsing it, and keeps answering', async () => {
    const client = await connect();
    await client.auth();
    const nested = (depth: number) => `{"type":"subscribe","workflow_id":"${ownFlow}","extra":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    const tooDeep = { type: 'error', message: `Message nested too deeply (limit ${MAX_MESSAGE_DEPTH} levels)` };
    client.send(nested(MAX_MESSAGE_DEPTH + 1));
    expect(await client.next()).toEqual(tooDeep);
    client.send(`${'['.repeat(30_000)}${']'.repeat(30_000)}`);
    expect(await client.next()).toEqual(tooDeep);
    client.send(`{"a":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_001)}`);
    expect(await client.next()).toEqual(tooDeep);
    // Brackets inside strings are text, not nesting.
    client.send({ type: 'subscribe', workflow_id: ownFlow, note: '['.repeat(1000) + '\\"{' });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    // At the limit it is read; the socket is still open and answering.
    client.send(nested(MAX_MESSAGE_DEPTH));
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ownFlow });
    client.send({ type: 'unsubscribe', workflow_id: ownFlow });
    expect(await client.next()).toEqual({ type: 'unsubscription_confirmed', workflow_id: ownFlow });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('/ws under a flood', () => {
  it('answers every one of many messages sent at once, in order', async () => {
    const client = await connect();
    await client.auth();
    const ids = [ownFlow, ownFlow2, otherFlow];
    for (let i = 0; i < 300; i++) client.send({ type: 'subscribe', workflow_id: ids[i % 3] });
    for (let i = 0; i < 300; i++) {
      const id = ids[i % 3];
      expect(await client.next()).toEqual(id === otherFlow ? { type: 'error', message: `Workflow ${id} not found` } : { type: 'subscription_confirmed', workflow_id: id });
    }
    client.close();
  });
});

describe('/ws subscription limit', () => {
  it('refuses a subscription past the limit of one socket, keeps the ones it has, and frees a place on unsubscribe', async () => {
    const app = Fastify();
    const ids = Array.from({ length: 4 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    await registerWebSocket(app, {
      authenticate: async (token) => ({ id: token }),
      ownsWorkflow: async () => true,
      pingIntervalMs: 60_000,
      authTimeoutMs: 60_000,
      hub: { attach: () => () => undefined, notifyUser: async () => undefined, endSessions: async () => undefined, close: async () => undefined },
      maxSubscriptions: 3,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const client = await connect(`ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`);
      await client.auth('user-1');
      for (const id of ids.slice(0, 3)) {
        client.send({ type: 'subscribe', workflow_id: id });
        expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: id });
      }
      client.send({ type: 'subscribe', workflow_id: ids[3] });
      expect(await client.next()).toEqual({ type: 'error', message: 'Too many subscriptions (limit 3 per connection)' });
      // One it already has is still confirmed.
      client.send({ type: 'subscribe', workflow_id: ids[0] });
      expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ids[0] });
      client.send({ type: 'unsubscribe', workflow_id: ids[1] });
      expect(await client.next()).toEqual({ type: 'unsubscription_confirmed', workflow_id: ids[1] });
      client.send({ type: 'subscribe', workflow_id: ids[3] });
      expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: ids[3] });
      client.close();
    } finally {
      await app.close();
    }
  });
});
