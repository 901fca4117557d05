/**
 * The live socket against the real server's /ws (real database, real tokens, real refresh). Timing
 * arithmetic (heartbeat, time-outs, back-off) is in live-socket-timing.test.ts with a fake clock.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import {
  LiveSocket,
  type LiveNotification,
  type LiveSocketError,
  type LiveState,
  type SocketConstructor,
} from '../../src/api/live-socket.ts';
import { createTokenRefresher } from '../../src/api/token-refresh.ts';
import { createFlow } from '../server/flows.ts';
import { post, registerUser, signIn, startTestServer, type TestServer } from '../server/helpers.ts';

let t: TestServer;
let url: string;
let user: { id: string; email: string; password: string };
/** Two workflows of the user: the server confirms subscriptions to the user's own workflows only. */
let flowA: string;
let flowB: string;

beforeAll(async () => {
  t = await startTestServer();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  user = await registerUser(t.app);
  const { access_token } = await signIn(t.app, user.email, user.password);
  flowA = (await createFlow(t, access_token, 'A')).flow.id;
  flowB = (await createFlow(t, access_token, 'B')).flow.id;
});
afterAll(async () => {
  await t?.close();
});

const open: LiveSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.disconnect();
});

/** A LiveSocket over `ws`, with a token pair kept in memory and the real refresher behind it. */
async function liveSocket(pair?: { access: string | null; refresh: string | null }) {
  let tokens: { access: string | null; refresh: string | null };
  if (pair) tokens = pair;
  else {
    const signedIn = await signIn(t.app, user.email, user.password);
    tokens = { access: signedIn.access_token, refresh: signedIn.refresh_token };
  }
  const refreshes: string[] = [];
  const storage = {
    getAccessToken: () => tokens.access,
    getRefreshToken: () => tokens.refresh,
    setTokens: (next: { access_token: string; refresh_token: string }) => {
      tokens.access = next.access_token;
      tokens.refresh = next.refresh_token;
    },
  };
  const refreshTokens = createTokenRefresher({
    storage,
    exchange: async (refreshToken) => {
      refreshes.push(refreshToken);
      const reply = await post(t.app, '/api/auth/refresh', { refresh_token: refreshToken });
      if (reply.statusCode !== 200) throw new Error(`refresh failed: ${reply.statusCode}`);
      return reply.json();
    },
  });
  const socket = new LiveSocket({
    ...storage,
    refreshTokens,
    url,
    WebSocket: WebSocket as unknown as SocketConstructor,
  });
  open.push(socket);
  const states: LiveState[] = [];
  const errors: LiveSocketError[] = [];
  const notifications: LiveNotification[] = [];
  socket.addListener({
    state: (state) => states.push(state),
    error: (error) => errors.push(error),
    notification: (notification) => notifications.push(notification),
  });
  return { socket, states, errors, notifications, tokens, refreshes };
}

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('LiveSocket on the real /ws', () => {
  it('walks connecting → connected → authenticating → authenticated', async () => {
    const live = await liveSocket();
    live.socket.connect();
    await until(() => live.socket.state === 'authenticated', 'authenticated');
    expect(live.states).toEqual(['connecting', 'connected', 'authenticating', 'authenticated']);
    live.socket.disconnect();
    expect(live.socket.state).toBe('disconnected');
    expect(live.errors).toEqual([]);
  });

  it('refuses to connect without an access token, and to send or subscribe too early', async () => {
    const live = await liveSocket({ access: null, refresh: null });
    expect(() => live.socket.connect()).toThrow('No access token available for WebSocket authentication');
    expect(() => live.socket.send({ type: 'pong' })).toThrow('WebSocket is not connected');
    await expect(live.socket.subscribe('wf-1')).rejects.toThrow('WebSocket is not authenticated');
  });

  it('subscribes and unsubscribes on confirmation; subscribing again is a no-op', async () => {
    const live = await liveSocket();
    live.socket.connect();
    await until(() => live.socket.state === 'authenticated', 'authenticated');
    await live.socket.subscribe(flowA);
    expect(live.socket.subscriptions).toEqual([{ workflowId: flowA, subscribed: true, confirmedAt: expect.any(Number) }]);
    await live.socket.subscribe(flowA);
    await live.socket.subscribe(flowB);
    expect(live.notifications.filter((n) => n.type === 'subscription_confirmed').map((n) => n.data)).toEqual([
      { workflow_id: flowA },
      { workflow_id: flowB },
    ]);
    await live.socket.unsubscribe(flowA);
    expect(live.socket.subscriptions.map((s) => s.workflowId)).toEqual([flowB]);
  });

  it('lists the notifications the server sends, newest first', async () => {
    const live = await liveSocket();
    live.socket.connect();
    await until(() => live.socket.state === 'authenticated', 'authenticated');
    await t.server.hub.notifyUser(user.id, { type: 'notification', data: { message: 'Run started', level: 'info', runId: 'r1' } });
    await t.server.hub.notifyUser(user.id, { type: 'run_finished', data: { message: 'Run finished', runId: 'r1', status: 'SUCCEEDED' } });
    await until(() => live.notifications.length === 2, 'two notifications');
    expect(live.socket.notifications.map((n) => [n.type, n.data.message])).toEqual([
      ['run_finished', 'Run finished'],
      ['notification', 'Run started'],
    ]);
    expect(live.socket.notifications[1]?.data).toEqual({ message: 'Run started', level: 'info', runId: 'r1' });
  });

  it('reconnects after the server closes the socket, authenticates again and re-subscribes', async () => {
    const live = await liveSocket();
    live.socket.connect();
    await until(() => live.socket.state === 'authenticated', 'authenticated');
    await live.socket.subscribe(flowA);
    live.states.length = 0;
    for (const client of t.app.websocketServer.clients) client.close(1012, 'restarting');
    await until(() => live.states.includes('reconnecting'), 'reconnecting');
    expect(live.socket.subscriptions).toEqual([{ workflowId: flowA, subscribed: false, confirmedAt: expect.any(Number) }]);
    await until(() => live.socket.state === 'authenticated', 'authenticated again', 5000);
    await until(() => live.socket.subscriptions[0]?.subscribed === true, 're-subscribed');
    expect(live.states).toEqual(['reconnecting', 'connecting', 'connected', 'authenticating', 'authenticated']);
    // And it still hears the user's notifications on the new socket.
    await t.server.hub.notifyUser(user.id, { type: 'notification', data: { message: 'After reconnect' } });
    await until(() => live.notifications.some((n) => n.data.message === 'After reconnect'), 'a notification');
  });

  it('on auth_error with a refresh token, refreshes once and authenticates again', async () => {
    const pair = await signIn(t.app, user.email, user.password);
    const live = await liveSocket({ access: 'not-a-token', refresh: pair.refresh_token });
    live.socket.connect();
    await until(() => live.socket.state === 'authenticated', 'authenticated after refresh');
    expect(live.refreshes).toEqual([pair.refresh_token]);
    expect(live.tokens.access).not.toBe('not-a-token');
    expect(live.errors).toEqual([]);
  });

  it('without a refresh token, an auth_error ends in the error state', async () => {
    const live = await liveSocket({ access: 'not-a-token', refresh: null });
    live.socket.connect();
    await until(() => live.socket.state === 'error', 'error');
    expect(live.errors.map((e) => [e.kind, e.message])).toEqual([['authentication', 'Authentication failed: Authentication required']]);
  });

  it('reports a failed refresh as an authentication failure and stops', async () => {
    const live = await liveSocket({ access: 'not-a-token', refresh: 'spent-or-made-up' });
    live.socket.connect();
    await until(() => live.socket.state === 'error', 'error');
    expect(live.errors.map((e) => e.message)).toEqual(['Authentication failed: Authentication required']);
  });
});
