/**
 * The live socket's arithmetic with a fake clock and a scripted socket: heartbeat, time-outs, back-off,
 * the list cap. Everything that needs a real server is in live-socket.test.ts.
 */
import { describe, expect, it } from '@rstest/core';
import { LiveSocket, type LiveSocketError, type LiveState, type SocketLike, type Timers } from '../../src/api/live-socket.ts';

/** Timers that only move when the test says so. */
class FakeClock implements Timers {
  now = 0;
  private next = 1;
  private tasks = new Map<number, { at: number; run: () => void; every?: number }>();
  setTimeout = (run: () => void, ms: number) => this.add({ at: this.now + ms, run });
  setInterval = (run: () => void, ms: number) => this.add({ at: this.now + ms, run, every: ms });
  clearTimeout = (id: unknown) => void this.tasks.delete(id as number);
  clearInterval = (id: unknown) => void this.tasks.delete(id as number);
  private add(task: { at: number; run: () => void; every?: number }) {
    this.tasks.set(this.next, task);
    return this.next++;
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.tasks].filter(([, task]) => task.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, task] = due;
      this.now = task.at;
      if (task.every) task.at += task.every;
      else this.tasks.delete(id);
      task.run();
    }
    this.now = end;
  }
}

/** A socket the test plays the server for. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  static clock: FakeClock | undefined;
  readonly createdAt = FakeSocket.clock?.now ?? 0;
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  refuse() {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({});
  }
}

function setup() {
  FakeSocket.all = [];
  const clock = new FakeClock();
  FakeSocket.clock = clock;
  const socket = new LiveSocket({
    getAccessToken: () => 'token',
    getRefreshToken: () => null,
    refreshTokens: async () => undefined,
    url: 'ws://test/ws',
    WebSocket: FakeSocket,
    timers: clock,
    now: () => clock.now,
  });
  const states: LiveState[] = [];
  const errors: LiveSocketError[] = [];
  socket.addListener({ state: (s) => states.push(s), error: (e) => errors.push(e) });
  const last = () => FakeSocket.all.at(-1)!;
  /** Opens the current fake socket and lets the "server" accept the token. */
  const authenticate = () => {
    last().open();
    last().receive({ type: 'auth_success' });
  };
  return { clock, socket, states, errors, last, authenticate };
}

describe('LiveSocket timing', () => {
  it('answers a ping with pong, and reconnects after three heartbeat checks without one', () => {
    const { clock, socket, errors, last, authenticate } = setup();
    socket.connect();
    authenticate();
    const first = last();
    clock.advance(60_000);
    first.receive({ type: 'ping' }); // resets the count
    expect(first.sent.at(-1)).toEqual({ type: 'pong' });
    clock.advance(60_000);
    expect(socket.state).toBe('authenticated');
    expect(errors).toEqual([]);
    clock.advance(30_000); // the third check in a row without a ping
    expect(errors.map((e) => [e.kind, e.message])).toEqual([['heartbeat', 'Heartbeat timeout']]);
    expect(socket.state).toBe('reconnecting');
    expect(first.readyState).toBe(3);
    clock.advance(1000);
    expect(FakeSocket.all).toHaveLength(2);
    authenticate();
    expect(socket.state).toBe('authenticated');
  });

  it('backs off 1 s, 2 s, 4 s, 8 s, 16 s, then stays in error', () => {
    const { clock, socket, states, errors, last } = setup();
    socket.connect();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const refusedAt = clock.now;
      last().refuse();
      clock.advance(20_000);
      if (FakeSocket.all.length === attempt + 2) waits.push(last().createdAt - refusedAt);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(FakeSocket.all).toHaveLength(6);
    expect(socket.state).toBe('error');
    expect(errors.map((e) => e.kind)).toEqual([...Array(6).fill('connection'), 'max_reconnect']);
    expect(errors[0]?.message).toBe('WebSocket connection error'); // SPEC §8, word for word
    expect(errors.at(-1)?.message).toBe('Could not reconnect to the server after 5 attempts');
    expect(states.slice(0, 5)).toEqual(['connecting', 'error', 'reconnecting', 'connecting', 'error']);
    // A manual connect starts over.
    socket.connect();
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('resets the attempts once authenticated', () => {
    const { clock, socket, last, authenticate } = setup();
    socket.connect();
    last().refuse();
    clock.advance(1000);
    last().refuse();
    clock.advance(2000);
    authenticate();
    last().refuse();
    clock.advance(999);
    expect(FakeSocket.all).toHaveLength(3);
    clock.advance(1);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('times subscribe and unsubscribe out after 10 s', async () => {
    const { clock, socket, authenticate, last } = setup();
    socket.connect();
    authenticate();
    const subscribing = socket.subscribe('wf');
    clock.advance(10_000);
    await expect(subscribing).rejects.toThrow('Subscription timeout for workflow wf');
    const again = socket.subscribe('wf');
    last().receive({ type: 'subscription_confirmed', workflow_id: 'wf' });
    await again;
    const leaving = socket.unsubscribe('wf');
    clock.advance(9_999);
    last().receive({ type: 'ping' });
    clock.advance(1);
    await expect(leaving).rejects.toThrow('Unsubscription timeout for workflow wf');
  });

  it('rejects pending subscriptions on close and re-subscribes after authenticating again', async () => {
    const { clock, socket, authenticate, last } = setup();
    socket.connect();
    authenticate();
    const active = socket.subscribe('a');
    last().receive({ type: 'subscription_confirmed', workflow_id: 'a' });
    await active;
    const pending = socket.subscribe('b');
    last().refuse();
    await expect(pending).rejects.toThrow('Connection closed');
    expect(socket.subscriptions.map((s) => [s.workflowId, s.subscribed])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    clock.advance(1000);
    authenticate();
    expect(last().sent).toEqual([
      { type: 'auth', token: 'token' },
      { type: 'subscribe', workflow_id: 'a' },
      { type: 'subscribe', workflow_id: 'b' },
    ]);
  });

  it('keeps the 100 newest messages, newest first, and reports bad ones', () => {
    const { socket, errors, authenticate, last } = setup();
    socket.connect();
    authenticate();
    for (let i = 1; i <= 120; i += 1) last().receive({ type: 'notification', data: { message: `n${i}` } });
    last().receive('{not json');
    last().receive({ type: 'error', message: 'Too many subscriptions' });
    expect(socket.notifications).toHaveLength(100);
    expect(socket.notifications[0]?.data.message).toBe('n120');
    expect(socket.notifications[99]?.data.message).toBe('n21');
    expect(errors.map((e) => e.message)).toEqual(['Failed to parse server message', 'Server error: Too many subscriptions']);
  });

  it('stops for good on a manual disconnect', () => {
    const { clock, socket, states, authenticate, last } = setup();
    socket.connect();
    authenticate();
    socket.disconnect();
    last().onclose?.({});
    clock.advance(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(states.at(-1)).toBe('disconnected');
  });
});
