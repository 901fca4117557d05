/**
 * The live connection of SPEC §4 over the server's `/ws` (§7 "Secure websocket"): it authenticates with
 * the access token, keeps workflow subscriptions, answers pings, watches the heartbeat, reconnects with
 * back-off and keeps the 100 newest notifications. No React, no MobX: observers register listeners, and
 * the WebSocket constructor, timers and clock are injected so tests drive it deterministically.
 */
import {
  LIVE_SOCKET,
  LIVE_SOCKET_MESSAGES as TEXT,
  LiveSocketError,
  liveSocketUrl,
  type LiveErrorKind,
  type LiveNotification,
  type LiveSocketDeps,
  type LiveSocketListener,
  type LiveState,
  type SocketConstructor,
  type SocketLike,
  type SubscriptionRecord,
  type Timers,
  type WorkflowId,
} from './live-socket-contract.ts';
import { LiveSubscriptions } from './live-subscriptions.ts';

export * from './live-socket-contract.ts';

const OPEN = 1;

const defaultTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (run, ms) => globalThis.setInterval(run, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

type Message = { type: string } & Record<string, unknown>;

export class LiveSocket {
  private currentState: LiveState = 'disconnected';
  private socket: SocketLike | null = null;
  private list: LiveNotification[] = [];
  private readonly subs: LiveSubscriptions;
  private readonly listeners = new Set<LiveSocketListener>();
  private readonly timers: Timers;
  private readonly now: () => number;
  private manual = true;
  private attempts = 0;
  private reconnectTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private missedPings = 0;
  private sentToken: string | null = null;
  private refreshedOnce = false;
  private sequence = 0;

  constructor(private readonly deps: LiveSocketDeps) {
    this.timers = deps.timers ?? defaultTimers;
    this.now = deps.now ?? Date.now;
    this.subs = new LiveSubscriptions((message) => this.send(message), this.timers, this.now);
  }

  get state(): LiveState {
    return this.currentState;
  }

  /** The 100 newest messages, newest first. */
  get notifications(): readonly LiveNotification[] {
    return this.list;
  }

  get subscriptions(): readonly SubscriptionRecord[] {
    return this.subs.list();
  }

  addListener(listener: LiveSocketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens the connection; throws when there is no access token (SPEC §8: connecting unauthenticated). */
  connect(): void {
    if (!this.deps.getAccessToken()) throw new LiveSocketError('authentication', TEXT.noToken);
    this.manual = false;
    if (this.socket) return;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.attempts = 0;
    this.open();
  }

  disconnect(): void {
    this.manual = true;
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.release();
    this.setState('disconnected');
  }

  send(message: Message): void {
    if (!this.socket || this.socket.readyState !== OPEN) throw new Error(TEXT.notConnected);
    this.socket.send(JSON.stringify(message));
  }

  /** Resolves when the server confirms; at once when the workflow is already subscribed. */
  subscribe(workflowId: WorkflowId): Promise<void> {
    if (this.currentState !== 'authenticated') return Promise.reject(new Error(TEXT.notAuthenticated));
    return this.subs.subscribe(workflowId);
  }

  /** Resolves when the server confirms; at once when not subscribed or not connected (nothing to undo). */
  unsubscribe(workflowId: WorkflowId): Promise<void> {
    return this.subs.unsubscribe(workflowId, this.currentState === 'authenticated');
  }

  private open(): void {
    this.release();
    if (!this.deps.getAccessToken()) return this.fail('authentication', TEXT.noToken);
    this.setState('connecting');
    this.refreshedOnce = false;
    let socket: SocketLike;
    try {
      const Socket = this.deps.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor);
      socket = new Socket(this.deps.url ?? liveSocketUrl(globalThis.location));
    } catch {
      this.setState('error');
      this.emitError('connection', TEXT.connection);
      return this.scheduleReconnect();
    }
    this.socket = socket;
    socket.onopen = () => this.socket === socket && this.opened();
    socket.onmessage = (event) => this.socket === socket && this.received(event.data);
    socket.onerror = () => {
      if (this.socket !== socket) return;
      this.setState('error');
      this.emitError('connection', TEXT.connection);
      this.scheduleReconnect();
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.release();
      if (this.manual) return this.setState('disconnected');
      this.setState('reconnecting');
      this.scheduleReconnect();
    };
  }

  private opened(): void {
    this.setState('connected');
    this.missedPings = 0;
    // SPEC §9: checked every 30 s; three checks in a row without a ping mean the connection is dead.
    this.heartbeatTimer = this.timers.setInterval(() => {
      this.missedPings += 1;
      if (this.missedPings < LIVE_SOCKET.maxMissedPings) return;
      this.emitError('heartbeat', TEXT.heartbeat);
      // A dead connection may take long to report its close: drop it and reconnect now.
      this.release();
      this.setState('reconnecting');
      this.scheduleReconnect();
    }, LIVE_SOCKET.heartbeatCheckMs);
    this.authenticate();
  }

  private authenticate(): void {
    const token = this.deps.getAccessToken();
    if (!token) return this.fail('authentication', TEXT.noToken);
    this.sentToken = token;
    this.send({ type: 'auth', token });
    this.setState('authenticating');
  }

  private received(raw: unknown): void {
    let message: Message;
    try {
      const value = JSON.parse(String(raw)) as unknown;
      if (typeof value !== 'object' || value === null || typeof (value as Message).type !== 'string') throw new Error();
      message = value as Message;
    } catch {
      return this.emitError('parse', TEXT.parse);
    }
    const text = typeof message.message === 'string' ? message.message : '';
    switch (message.type) {
      case 'auth_success':
        this.attempts = 0;
        this.refreshedOnce = false;
        this.setState('authenticated');
        return this.subs.resubscribe((error) => this.emitError('subscription', error.message));
      case 'auth_error':
        return void this.authFailed(text);
      case 'ping':
        this.missedPings = 0;
        if (this.socket?.readyState === OPEN) this.send({ type: 'pong' });
        return;
      case 'error':
        return this.emitError('server', TEXT.server(text));
    }
    // SPEC §4: every other message goes to the list, confirmations included, after they are handled.
    if (message.type === 'subscription_confirmed' || message.type === 'unsubscription_confirmed') {
      this.subs.confirmed(message.type, message.workflow_id);
    }
    this.remember(message);
  }

  /** SPEC §4: with a refresh token, renew the pair once and authenticate again; otherwise fail. */
  private async authFailed(serverText: string): Promise<void> {
    const socket = this.socket;
    if (!this.deps.getRefreshToken() || this.refreshedOnce) return this.fail('authentication', TEXT.authFailed(serverText));
    this.refreshedOnce = true;
    try {
      // A request or another tab may have renewed the token meanwhile: then only present the new one.
      if (this.deps.getAccessToken() === this.sentToken) await this.deps.refreshTokens();
    } catch {
      if (this.socket === socket) this.fail('authentication', TEXT.authFailed(serverText));
      return;
    }
    if (this.socket === socket && socket?.readyState === OPEN) this.authenticate();
  }

  private remember(message: Message): void {
    const { type, data, ...rest } = message;
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : rest;
    const notification: LiveNotification = { id: ++this.sequence, type, data: body, receivedAt: this.now() };
    this.list = [notification, ...this.list].slice(0, LIVE_SOCKET.maxNotifications);
    for (const listener of this.listeners) listener.notification?.(notification);
  }

  private scheduleReconnect(): void {
    if (this.manual || this.reconnectTimer !== null) return;
    if (this.attempts >= LIVE_SOCKET.maxReconnectAttempts) return this.fail('max_reconnect', TEXT.maxReconnect);
    const delay = LIVE_SOCKET.reconnectBaseMs * 2 ** this.attempts;
    this.attempts += 1;
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  /** Gives up: no reconnect until `connect()` is called again. */
  private fail(kind: LiveErrorKind, text: string): void {
    this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.release();
    this.setState('error');
    this.emitError(kind, text);
  }

  /** Forgets the socket (closing it if open) and cleans up: subscriptions inactive, pending ones rejected. */
  private release(): void {
    const socket = this.socket;
    this.socket = null;
    this.timers.clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    if (socket && socket.readyState <= OPEN) {
      try {
        socket.close(1000);
      } catch {
        // already closing
      }
    }
    this.subs.connectionClosed();
  }

  private setState(state: LiveState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const listener of this.listeners) listener.state?.(state);
  }

  private emitError(kind: LiveErrorKind, text: string): void {
    const error = new LiveSocketError(kind, text);
    for (const listener of this.listeners) listener.error?.(error);
  }
}
