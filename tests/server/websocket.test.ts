import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { registerUser, signIn, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let url: string;
let accessToken: string;

beforeAll(async () => {
  t = await startTestServer({ wsPingIntervalMs: 200, wsAuthTimeoutMs: 500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  const user = await registerUser(t.app);
  accessToken = (await signIn(t.app, user.email, user.password)).access_token;
});
afterAll(async () => {
  await t?.close();
});

/** A client that keeps every message it receives and can wait for the next of a type. */
async function connect() {
  const socket = new WebSocket(url);
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
  return {
    socket,
    received,
    send(message: unknown) {
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
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
    client.send({ type: 'subscribe', workflow_id: 'wf-1' });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: 'wf-1' });
    client.send({ type: 'unsubscribe', workflow_id: 'wf-1' });
    expect(await client.next()).toEqual({ type: 'unsubscription_confirmed', workflow_id: 'wf-1' });
    client.close();
  });

  it('answers messages in order, even right after auth', async () => {
    const client = await connect();
    client.send({ type: 'auth', token: accessToken });
    client.send({ type: 'subscribe', workflow_id: 42 });
    expect(await client.next()).toEqual({ type: 'auth_success' });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: 42 });
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
    client.send({ type: 'subscribe', workflow_id: 'wf-1' });
    expect(await client.next()).toEqual({ type: 'error', message: 'Not authenticated' });
    client.close();
  });

  it('answers unparsable and unknown messages with an error', async () => {
    const client = await connect();
    client.send('{not json');
    expect(await client.next()).toEqual({ type: 'error', message: 'Invalid message' });
    client.send({ type: 'auth', token: accessToken });
    expect(await client.next()).toEqual({ type: 'auth_success' });
    client.send({ type: 'subscribe' });
    expect(await client.next()).toEqual({ type: 'error', message: 'Invalid message' });
    client.send({ type: 'dance' });
    expect(await client.next()).toEqual({ type: 'error', message: 'Invalid message' });
    client.send({ type: 'pong' });
    client.send({ type: 'subscribe', workflow_id: 'after-pong' });
    expect(await client.next()).toEqual({ type: 'subscription_confirmed', workflow_id: 'after-pong' });
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
});
