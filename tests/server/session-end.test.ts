/**
 * Sessions end when they should (issue 11, part 5): after 'Sign out of all devices', a password reset,
 * a password change or a logout, access tokens minted before are refused at their very next request and
 * the sockets they opened are closed, not up to 15 minutes later.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import WebSocket from 'ws';
import { createServer, type FlowsmithServer } from '../../server/app.ts';
import { get, outbox, post, put, registerUser, resetTokenIn, signIn, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ wsPingIntervalMs: 60_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const SESSION_ENDED = 4003;

function wsUrl(server: FlowsmithServer): string {
  return `ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`;
}

/** An authenticated socket that records its close code and can prove it is still served. */
async function openSocket(token: string, server: FlowsmithServer = t.server) {
  const socket = new WebSocket(wsUrl(server));
  const received: Array<Record<string, unknown>> = [];
  let wake: (() => void) | undefined;
  let closeCode: number | undefined;
  const closed = new Promise<number>((resolve) =>
    socket.once('close', (code) => {
      closeCode = code;
      resolve(code);
    }),
  );
  socket.on('message', (raw) => {
    received.push(JSON.parse(String(raw)) as Record<string, unknown>);
    wake?.();
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async (type: string) => {
    for (let waited = 0; waited < 50; waited += 1) {
      const found = received.find((message) => message.type === type);
      if (found) return found;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 100).unref();
      });
    }
    throw new Error(`no ${type} within 5 s`);
  };
  socket.send(JSON.stringify({ type: 'auth', token }));
  await next('auth_success');
  return {
    /** Resolves with the close code; fails the test if the server does not close it within 5 s. */
    closed: () =>
      Promise.race([closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('socket still open')), 5000).unref())]),
    /** A round trip: the server still answers this socket (a subscribe without a workflow gets an error). */
    async alive() {
      const before = received.length;
      socket.send(JSON.stringify({ type: 'subscribe' }));
      for (let waited = 0; waited < 50 && received.length === before; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      return received.slice(before).some((message) => message.type === 'error') && closeCode === undefined;
    },
    close: () => socket.close(),
  };
}

async function session(user: { email: string; password: string }) {
  return signIn(t.app, user.email, user.password);
}

const profileStatus = async (token: string, server: FlowsmithServer = t.server) =>
  (await get(server.app, '/api/profile', { token })).statusCode;

describe('Sign out of all devices', () => {
  it('refuses every access token of the user at once and closes all their sockets', async () => {
    const user = await registerUser(t.app);
    const laptop = await session(user);
    const phone = await session(user);
    const stranger = await session(await registerUser(t.app));
    const laptopSocket = await openSocket(laptop.access_token);
    const phoneSocket = await openSocket(phone.access_token);
    const strangerSocket = await openSocket(stranger.access_token);

    expect((await post(t.app, '/api/auth/logout-all', {}, { token: phone.access_token })).statusCode).toBe(200);

    expect(await profileStatus(laptop.access_token)).toBe(401);
    expect(await profileStatus(phone.access_token)).toBe(401);
    expect((await get(t.app, '/api/profile', { token: laptop.access_token })).json()).toEqual({
      code: 'INVALID_OR_EXPIRED_JWT_TOKEN',
      message: 'Your session has expired',
    });
    expect(await laptopSocket.closed()).toBe(SESSION_ENDED);
    expect(await phoneSocket.closed()).toBe(SESSION_ENDED);
    // A socket cannot come back with an old token either.
    await expect(openSocket(laptop.access_token)).rejects.toThrow();

    expect(await profileStatus(stranger.access_token)).toBe(200);
    expect(await strangerSocket.alive()).toBe(true);
    strangerSocket.close();

    // Signing in again starts sessions that work.
    expect(await profileStatus((await session(user)).access_token)).toBe(200);
  });
});

describe('password reset', () => {
  it('refuses access tokens minted before the reset at once and closes the sockets', async () => {
    const user = await registerUser(t.app);
    const before = await session(user);
    const socket = await openSocket(before.access_token);
    await post(t.app, '/api/auth/forgot-password', { email: user.email });
    const mails = await outbox(t);
    const token = resetTokenIn(mails[mails.length - 1]!.text);
    expect(token).toBeTruthy();

    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(reset.statusCode).toBe(200);

    expect(await profileStatus(before.access_token)).toBe(401);
    expect(await socket.closed()).toBe(SESSION_ENDED);
    expect((await post(t.app, '/api/auth/refresh', { refresh_token: before.refresh_token })).statusCode).toBe(401);
    const after = await signIn(t.app, user.email, 'a brand new password');
    expect(await profileStatus(after.access_token)).toBe(200);
  });
});

describe('password change (PUT /api/account/password)', () => {
  it('sets the password, refuses older access tokens at once and closes the sockets', async () => {
    const user = await registerUser(t.app);
    const before = await session(user);
    const socket = await openSocket(before.access_token);
    const changing = await session(user);
    const changed = await put(t.app, '/api/account/password', { current_password: user.password, new_password: 'changed password 1' }, { token: changing.access_token });
    expect(changed.statusCode).toBe(200);
    expect(await profileStatus(before.access_token)).toBe(401);
    expect(await profileStatus(changing.access_token)).toBe(401);
    expect(await socket.closed()).toBe(SESSION_ENDED);
    expect(await profileStatus(changed.json<{ access_token: string }>().access_token)).toBe(200);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect(await profileStatus((await signIn(t.app, user.email, 'changed password 1')).access_token)).toBe(200);
  });
});

describe('logout', () => {
  it('refuses the access token of that session at once and closes its sockets, leaving other sessions alone', async () => {
    const user = await registerUser(t.app);
    const ending = await session(user);
    const staying = await session(user);
    const endingSocket = await openSocket(ending.access_token);
    const stayingSocket = await openSocket(staying.access_token);

    const response = await post(t.app, '/api/auth/logout', { refresh_token: ending.refresh_token }, { token: ending.access_token });
    expect(response.statusCode).toBe(200);

    expect(await profileStatus(ending.access_token)).toBe(401);
    expect(await endingSocket.closed()).toBe(SESSION_ENDED);
    expect(await profileStatus(staying.access_token)).toBe(200);
    expect(await stayingSocket.alive()).toBe(true);
    stayingSocket.close();
  });

  it('ends a session renewed by refresh too: the access token from the refresh is refused', async () => {
    const user = await registerUser(t.app);
    const first = await session(user);
    const renewed = (await post(t.app, '/api/auth/refresh', { refresh_token: first.refresh_token })).json<{
      access_token: string;
      refresh_token: string;
    }>();
    expect(await profileStatus(renewed.access_token)).toBe(200);
    await post(t.app, '/api/auth/logout', { refresh_token: renewed.refresh_token }, { token: renewed.access_token });
    expect(await profileStatus(renewed.access_token)).toBe(401);
    expect(await profileStatus(first.access_token)).toBe(401);
  });
});

describe('refresh-token theft', () => {
  it('ends the access tokens of a family revoked because a spent refresh token came back', async () => {
    const user = await registerUser(t.app);
    const first = await session(user);
    const renewed = (await post(t.app, '/api/auth/refresh', { refresh_token: first.refresh_token })).json<{ access_token: string }>();
    await t.db.query(`UPDATE refresh_tokens SET used_at = now() - interval '1 hour' WHERE used_at IS NOT NULL AND user_id = $1`, [user.id]);
    expect((await post(t.app, '/api/auth/refresh', { refresh_token: first.refresh_token })).statusCode).toBe(401);
    expect(await profileStatus(renewed.access_token)).toBe(401);
  });
});

// PGlite is one process; on PostgreSQL a second server on the same schema stands in for another process.
describe.runIf(Boolean(process.env.DATABASE_URL))('across server processes', () => {
  it('closes the sockets a user holds in another process and refuses the tokens there', async () => {
    const other = await createServer(t.options);
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await registerUser(t.app);
      const one = await session(user);
      const two = await session(user);
      const there = await openSocket(one.access_token, other);
      const thereToo = await openSocket(two.access_token, other);
      await post(t.app, '/api/auth/logout', { refresh_token: one.refresh_token }, { token: one.access_token });
      expect(await there.closed()).toBe(SESSION_ENDED);
      expect(await profileStatus(one.access_token, other)).toBe(401);
      expect(await thereToo.alive()).toBe(true);
      await post(t.app, '/api/auth/logout-all', {}, { token: two.access_token });
      expect(await thereToo.closed()).toBe(SESSION_ENDED);
      expect(await profileStatus(two.access_token, other)).toBe(401);
    } finally {
      await other.close();
    }
  });
});
