/**
 * The live connection at /ws (SPEC §7 "Secure websocket"). A client authenticates with its access token,
 * then subscribes to workflows; the server pings every interval and closes a socket that has not
 * authenticated in time. An authenticated socket is attached to the live hub, which sends it the user's
 * notifications (`{type, data}`) from whichever server process raised them. Messages of one socket are handled one after another, so `auth` followed at
 * once by `subscribe` is answered in that order even though checking the token is asynchronous.
 */
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ApiError } from './errors.ts';
import type { LiveHub, LiveMessage } from './live-hub.ts';

export interface WebSocketOptions {
  /**
   * The user id and session an access token belongs to; throws (an ApiError with a message for people)
   * if refused. The session lets a logout close exactly the sockets of that session.
   */
  authenticate(token: string): Promise<{ id: string; sessionId?: string }>;
  pingIntervalMs: number;
  authTimeoutMs: number;
  hub: LiveHub;
}

const MAX_MESSAGE_BYTES = 64 * 1024;
const MAX_SUBSCRIPTIONS = 1000;
/** Private-use close code: the client did not authenticate in time. */
const CLOSE_AUTH_TIMEOUT = 4001;
/** Private-use close code: the access token the socket authenticated with has expired. */
const CLOSE_TOKEN_EXPIRED = 4002;
/** Private-use close code: the session ended (logout, password reset, sign-out of all devices). */
const CLOSE_SESSION_ENDED = 4003;
const MAX_TIMER_MS = 2 ** 31 - 1;

const workflowId = z.union([z.string().min(1).max(128), z.number().int().nonnegative()]);

const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(8192) }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('subscribe'), workflow_id: workflowId }),
  z.object({ type: z.literal('unsubscribe'), workflow_id: workflowId }),
]);

export type ServerMessage =
  | { type: 'auth_success' }
  | { type: 'auth_error'; message: string }
  | { type: 'ping' }
  | { type: 'subscription_confirmed'; workflow_id: string | number }
  | { type: 'unsubscription_confirmed'; workflow_id: string | number }
  | { type: 'error'; message: string }
  | LiveMessage;

function textOf(data: unknown): string | undefined {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data) && data.every((part) => Buffer.isBuffer(part))) return Buffer.concat(data).toString('utf8');
  return undefined;
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function typeOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
}

export async function registerWebSocket(app: FastifyInstance, options: WebSocketOptions): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.route({
    method: 'GET',
    url: '/ws',
    // A plain HTTP GET (no Upgrade header) reaches this handler instead of the socket one.
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ code: 'VALIDATION', message: 'WebSocket upgrade required' }),
    wsHandler: (socket: WebSocket, request) => serveSocket(socket, request.log, options),
  });
}

function serveSocket(socket: WebSocket, log: FastifyBaseLogger, options: WebSocketOptions): void {
  let userId: string | undefined;
  let detach: (() => void) | undefined;
  let expiryTimer: NodeJS.Timeout | undefined;
  const subscriptions = new Set<string | number>();
  let queue: Promise<void> = Promise.resolve();

  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  const authTimer = setTimeout(() => {
    if (userId) return;
    send({ type: 'error', message: 'Authentication timeout' });
    socket.close(CLOSE_AUTH_TIMEOUT, 'Authentication timeout');
  }, options.authTimeoutMs);
  const pingTimer = setInterval(() => send({ type: 'ping' }), options.pingIntervalMs);

  /**
   * A socket lives no longer than the access token it authenticated with; the client reconnects and
   * authenticates with a fresh one (SPEC §4), so a signed-out session stops hearing within a token's life.
   */
  function closeAtExpiry(token: string): void {
    clearTimeout(expiryTimer);
    let exp: number | undefined;
    try {
      exp = decodeJwt(token).exp;
    } catch {
      return;
    }
    if (exp === undefined) return;
    const wait = Math.min(Math.max(0, exp * 1000 - Date.now()), MAX_TIMER_MS);
    expiryTimer = setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'Token expired'), wait);
    expiryTimer.unref();
  }

  async function handle(raw: unknown): Promise<void> {
    const value = parseJson(textOf(raw));
    if (value === undefined) return send({ type: 'error', message: 'Invalid message' });
    const type = typeOf(value);
    if (!userId && type !== 'auth' && type !== 'pong') return send({ type: 'error', message: 'Not authenticated' });
    const parsed = clientMessageSchema.safeParse(value);
    if (!parsed.success) return send({ type: 'error', message: 'Invalid message' });
    const message = parsed.data;
    switch (message.type) {
      case 'auth':
        try {
          const user = await options.authenticate(message.token);
          // Closed while the token was checked: attaching now would leak the socket into the hub.
          if (socket.readyState !== socket.OPEN) return;
          userId = user.id;
          clearTimeout(authTimer);
          send({ type: 'auth_success' });
          // A second auth (a refreshed token) may name another user: the socket follows the latest one.
          detach?.();
          detach = options.hub.attach(userId, send, {
            ...(user.sessionId ? { sessionId: user.sessionId } : {}),
            end: () => socket.close(CLOSE_SESSION_ENDED, 'Session ended'),
          });
          closeAtExpiry(message.token);
        } catch (error) {
          // A failed re-authentication ends what the earlier one allowed: no more of that user's messages.
          detach?.();
          detach = undefined;
          userId = undefined;
          if (!(error instanceof ApiError)) log.error({ err: error }, 'WebSocket authentication failed');
          send({ type: 'auth_error', message: error instanceof ApiError ? error.message : 'Server error' });
        }
        return;
      case 'pong':
        return;
      case 'subscribe':
        if (subscriptions.size >= MAX_SUBSCRIPTIONS && !subscriptions.has(message.workflow_id)) {
          return send({ type: 'error', message: 'Too many subscriptions' });
        }
        subscriptions.add(message.workflow_id);
        return send({ type: 'subscription_confirmed', workflow_id: message.workflow_id });
      case 'unsubscribe':
        subscriptions.delete(message.workflow_id);
        return send({ type: 'unsubscription_confirmed', workflow_id: message.workflow_id });
    }
  }

  socket.on('message', (data) => {
    queue = queue
      .then(() => handle(data))
      .catch((error: unknown) => log.error({ err: error }, 'WebSocket message failed'));
  });

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearTimeout(expiryTimer);
    clearInterval(pingTimer);
    detach?.();
    subscriptions.clear();
  });
}
