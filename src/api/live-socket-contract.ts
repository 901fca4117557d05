/**
 * What the live socket promises its users: states, shapes, listeners and injected dependencies, its
 * constants (SPEC §9) and sentences (SPEC §5 and §8, word for word).
 */
import type { Activity } from '../domain/contract/analytics.ts';

export const LIVE_SOCKET = {
  /** Reconnect waits 1 s, 2 s, 4 s, 8 s, 16 s; after the fifth failed attempt the state is error. */
  reconnectBaseMs: 1000,
  maxReconnectAttempts: 5,
  heartbeatCheckMs: 30_000,
  maxMissedPings: 3,
  /** How long subscribe and unsubscribe wait for the server's confirmation. */
  requestTimeoutMs: 10_000,
  maxNotifications: 100,
} as const;

export const LIVE_SOCKET_MESSAGES = {
  notConnected: 'WebSocket is not connected',
  notAuthenticated: 'WebSocket is not authenticated',
  noToken: 'No access token available for WebSocket authentication',
  authFailed: (message: string) => `Authentication failed: ${message}`,
  server: (message: string) => `Server error: ${message}`,
  parse: 'Failed to parse server message',
  heartbeat: 'Heartbeat timeout',
  connection: 'WebSocket connection error',
  subscriptionTimeout: (id: string | number) => `Subscription timeout for workflow ${id}`,
  unsubscriptionTimeout: (id: string | number) => `Unsubscription timeout for workflow ${id}`,
  connectionClosed: 'Connection closed',
  /** SPEC §8 names this toast but gives no sentence; this one is ours. */
  maxReconnect: 'Could not reconnect to the server after 5 attempts',
} as const;

/**
 * What went wrong, for whoever shows it: the UI toasts connection, authentication, heartbeat and
 * max_reconnect (SPEC §8); server, parse and subscription errors are only reported.
 */
export type LiveErrorKind = 'connection' | 'authentication' | 'heartbeat' | 'max_reconnect' | 'server' | 'parse' | 'subscription';

export class LiveSocketError extends Error {
  constructor(
    readonly kind: LiveErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LiveSocketError';
  }
}

export type LiveState = 'disconnected' | 'connecting' | 'connected' | 'authenticating' | 'authenticated' | 'error' | 'reconnecting';
export type WorkflowId = string | number;

/** A server message kept in the list: its type and data (`data.message` is the text people read). */
export interface LiveNotification {
  /** Increases with every message this socket received: a stable React key and a "newer than" marker. */
  id: number;
  type: string;
  data: Record<string, unknown>;
  receivedAt: number;
}

/** SPEC §3 socket subscription record: workflow id, subscribed flag, confirmation time. */
export interface SubscriptionRecord {
  workflowId: WorkflowId;
  subscribed: boolean;
  confirmedAt: number | null;
}

export interface LiveSocketListener {
  state?(state: LiveState): void;
  notification?(notification: LiveNotification): void;
  error?(error: LiveSocketError): void;
}

/** The part of a WebSocket used here; the browser's and the `ws` package's both have it. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketConstructor = new (url: string) => SocketLike;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface LiveSocketDeps {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Renews the stored pair (the app's shared single-flight refresher); rejects when it cannot. */
  refreshTokens(): Promise<void>;
  /** Defaults to `/ws` on this page's origin. */
  url?: string;
  WebSocket?: SocketConstructor;
  timers?: Timers;
  now?: () => number;
}

/** Same origin `/ws`, secure when the page is. */
export function liveSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * What the server says of a run on the socket (SPEC §7 leaves notification formats open): `run_progress`
 * while it runs (no text: not for the bell) and `run_finished` when it ended. Only the run's owner hears
 * them; the run itself is read over HTTP.
 */
export const RUN_MESSAGE_TYPES = ['run_progress', 'run_finished'] as const;
export interface RunEvent {
  type: (typeof RUN_MESSAGE_TYPES)[number];
  runId: string;
  flowId: string;
  status: string;
}

/** The run a message is about, or null when it is not a run message (or not a readable one). */
export function runEventOf(notification: Pick<LiveNotification, 'type' | 'data'>): RunEvent | null {
  const type = RUN_MESSAGE_TYPES.find((known) => known === notification.type);
  const { runId, flowId, status } = notification.data;
  if (!type || typeof runId !== 'string' || typeof flowId !== 'string' || typeof status !== 'string') return null;
  return { type, runId, flowId, status };
}

/**
 * An entry of the activity feed was recorded (server/activity): `data` is the entry as
 * GET /analytics/activity/recent serves it, plus an empty `message` (not for the bell). A rolled-up
 * entry (runs of one workflow) comes again under the same `id` with its new `count`, `timestamp` and
 * `description`: replace the entry with that id, else put it first. Only its user hears it.
 */
export const ACTIVITY_MESSAGE_TYPE = 'activity';

const ACTIVITY_STRINGS = ['id', 'type', 'severity', 'user_name', 'description', 'timestamp'] as const;

/** The activity entry a message carries, or null when it is not an activity message (or not a readable one). */
export function activityOf(notification: Pick<LiveNotification, 'type' | 'data'>): Activity | null {
  if (notification.type !== ACTIVITY_MESSAGE_TYPE) return null;
  const data = notification.data;
  if (ACTIVITY_STRINGS.some((key) => typeof data[key] !== 'string')) return null;
  const nullableText = (value: unknown) => value === null || typeof value === 'string';
  if (!nullableText(data.workflow_id) || !nullableText(data.run_id) || typeof data.count !== 'number') return null;
  return {
    id: data.id as string,
    type: data.type as Activity['type'],
    severity: data.severity as Activity['severity'],
    user_name: data.user_name as string,
    description: data.description as string,
    timestamp: data.timestamp as string,
    workflow_id: data.workflow_id as string | null,
    run_id: data.run_id as string | null,
    count: data.count,
  };
}
