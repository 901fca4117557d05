/**
 * The live connection at /ws (SPEC §7 "Secure websocket"). A client authenticates with its access token,
 * then subscribes to workflows; the server pings every interval and closes a socket that has not
 * authenticated in time. An authenticated socket is attached to the live hub, which sends it the user's
 * notifications (`{type, data}`) from whichever server process raised them. Messages of one socket are handled one after another, so `auth` followed at
 * once by `subscribe` is answered in that order even though checking the token is asynchronous.
 *
 * The socket says why it refuses something (`error {message}`): a frame over the size limit (then it
 * closes, 1009), a frame nested deeper than the depth limit (checked on the text, before parsing; the
 * socket stays open), a subscription to a workflow that is not the user's own, malformed or missing,
 * and a subscription past the per-socket limit.
 */
import { jsonTextDepth } from '../../src/domain/index.ts';
import type { EventEmitter } from 'node:events';
import websocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ApiError } from '../shared/api-error.ts';
import { idSchema } from '../http/input.ts';
import type { LiveHub, LiveMessage } from './live-hub.ts';

export interface WebSocketOptions {
  /**
   * The user id and session an access token belongs to; throws (an ApiError with a message for people)
   * if refused. The session lets a logout close exactly the sockets of that session.
   */
  authenticate(token: string): Promise<{ id: string; sessionId?: string }>;
  /** Whether the workflow (a valid uuid) exists and is the user's: the only ones a socket may subscribe to. */
  ownsWorkflow(userId: string, workflowId: string): Promise<boolean>;
  pingIntervalMs: number;
  authTimeoutMs: number;
  hub: LiveHub;
  /** Largest frame (a message, all its fragments together) the server reads; default 64 KiB. */
  maxMessageBytes?: number;
  /** Most workflows one socket may be subscribed to at once; default 1000. */
  maxSubscriptions?: number;
}

export const MAX_MESSAGE_BYTES = 64 * 1024;
/** Client messages are flat objects; anything nested deeper than this is refused before it is parsed. */
export const MAX_MESSAGE_DEPTH = 32;
export const MAX_SUBSCRIPTIONS = 1000;
/** Messages of one socket received but not yet answered before it stops reading (back-pressure). */
const MAX_PENDING_MESSAGES = 64;
/** The code ws gives the error of a frame over `maxPayload` (it closes the socket with 1009). */
const TOO_LARGE_CODE = 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH';
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
  // Checked in the handler, so a missing or malformed id gets its own message.
  z.object({ type: z.literal('subscribe'), workflow_id: z.unknown().optional() }),
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
  await app.register(websocket, {
    // ws refuses a larger frame from its header, before reading its payload: nothing unbounded is buffered.
    options: { maxPayload: options.maxMessageBytes ?? MAX_MESSAGE_BYTES },
    errorHandler(error, socket, request) {
      // A client breaking the protocol (a frame too large, bad framing): ws has already sent the close
      // frame with the reason; let the closing handshake finish rather than cut the connection.
      if (String((error as NodeJS.ErrnoException).code ?? '').startsWith('WS_ERR_')) {
        request.log.info({ code: (error as NodeJS.ErrnoException).code, reason: error.message }, 'WebSocket client broke the protocol');
        return;
      }
      request.log.error({ err: error }, 'WebSocket failed');
      socket.terminate();
    },
  });
  app.route({
    method: 'GET',
    url: '/ws',
    // A plain HTTP GET (no Upgrade header) reaches this handler instead of the socket one.
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ code: 'VALIDATION', message: 'WebSocket upgrade required' }),
    wsHandler: (socket: WebSocket, request) => serveSocket(socket, request.log, options),
  });
}

/**
 * ws answers a frame over `maxPayload` by closing with 1009 at once and only then emitting the error, when
 * nothing can be sent any more. Its frame reader (`_receiver`, internal to ws) emits that error first, so
 * a listener put ahead of ws's own sends the reason while the socket is still open. Were a ws version to
 * lack it, the socket would still close with 1009, only without the message (the tests would say so).
 */
function explainTooLarge(socket: WebSocket, message: string): void {
  const receiver = (socket as unknown as { _receiver?: Partial<EventEmitter> })._receiver;
  receiver?.prependListener?.('error', (error: NodeJS.ErrnoException) => {
    if (error.code === TOO_LARGE_CODE && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'error', message }));
  });
}

function serveSocket(socket: WebSocket, log: FastifyBaseLogger, options: WebSocketOptions): void {
  const maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const maxSubscriptions = options.maxSubscriptions ?? MAX_SUBSCRIPTIONS;
  explainTooLarge(socket, `Message too large (limit ${maxBytes} bytes)`);
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
    // Closed meanwhile: nobody would read the answer.
    if (socket.readyState !== socket.OPEN) return;
    const text = textOf(raw);
    if (text !== undefined && jsonTextDepth(text, MAX_MESSAGE_DEPTH) > MAX_MESSAGE_DEPTH) {
      return send({ type: 'error', message: `Message nested too deeply (limit ${MAX_MESSAGE_DEPTH} levels)` });
    }
    const value = parseJson(text);
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
          // A second auth (a refreshed token) may name another user: the socket follows the latest one,
          // and the workflows it subscribed to as the earlier one are no longer its to hear about.
          if (user.id !== userId) subscriptions.clear();
          userId = user.id;
          clearTimeout(authTimer);
          send({ type: 'auth_success' });
          detach?.();
          const endSession = () => socket.close(CLOSE_SESSION_ENDED, 'Session ended');
          detach = options.hub.attach(userId, send, { ...(user.sessionId ? { sessionId: user.sessionId } : {}), end: endSession });
          closeAtExpiry(message.token);
          // A logout between the check above and `attach` found no socket to end: look once more, now
          // that this one is attached, so it cannot outlive its session.
          await options.authenticate(message.token).catch(endSession);
        } catch (error) {
          // A failed re-authentication ends what the earlier one allowed: no more of that user's messages.
          detach?.();
          detach = undefined;
          userId = undefined;
          subscriptions.clear();
          if (!(error instanceof ApiError)) log.error({ err: error }, 'WebSocket authentication failed');
          send({ type: 'auth_error', message: error instanceof ApiError ? error.message : 'Server error' });
        }
        return;
      case 'pong':
        return;
      case 'subscribe':
        return subscribe(message.workflow_id);
      case 'unsubscribe':
        subscriptions.delete(message.workflow_id);
        return send({ type: 'unsubscription_confirmed', workflow_id: message.workflow_id });
    }
  }

  /** Confirms only a workflow of the signed-in user; anything else gets an error, never a confirmation. */
  async function subscribe(id: unknown): Promise<void> {
    if (id === undefined || id === null || id === '') return send({ type: 'error', message: 'Subscribe needs a workflow_id' });
    if (typeof id !== 'string' || !idSchema.safeParse(id).success) return send({ type: 'error', message: 'Invalid workflow id' });
    const user = userId;
    if (!user) return send({ type: 'error', message: 'Not authenticated' });
    if (subscriptions.has(id)) return send({ type: 'subscription_confirmed', workflow_id: id });
    if (subscriptions.size >= maxSubscriptions) {
      return send({ type: 'error', message: `Too many subscriptions (limit ${maxSubscriptions} per connection)` });
    }
    let owned: boolean;
    try {
      owned = await options.ownsWorkflow(user, id);
    } catch (error) {
      log.error({ err: error }, 'WebSocket subscription check failed');
      return send({ type: 'error', message: 'Server error' });
    }
    // The same user still, and still open (messages run one at a time, so only a close can intervene).
    if (socket.readyState !== socket.OPEN || userId !== user) return;
    // Another user's workflow reads exactly as one that does not exist.
    if (!owned) return send({ type: 'error', message: `Workflow ${id} not found` });
    subscriptions.add(id);
    send({ type: 'subscription_confirmed', workflow_id: id });
  }

  // Messages wait their turn in `queue`; a client sending faster than they are answered (a subscribe
  // waits for the database) makes the socket stop reading until half of them are, so what waits is bounded.
  let pending = 0;
  socket.on('message', (data) => {
    pending++;
    if (pending >= MAX_PENDING_MESSAGES && !socket.isPaused) socket.pause();
    queue = queue
      .then(() => handle(data))
      .catch((error: unknown) => log.error({ err: error }, 'WebSocket message failed'))
      .then(() => {
        pending--;
        if (socket.isPaused && pending <= MAX_PENDING_MESSAGES / 2) socket.resume();
      });
  });

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearTimeout(expiryTimer);
    clearInterval(pingTimer);
    detach?.();
    subscriptions.clear();
  });
}
