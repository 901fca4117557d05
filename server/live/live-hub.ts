/**
 * Live notifications for signed-in users, in every server process (DESIGN: app processes are stateless,
 * so the user's sockets may sit in any of them). Each process keeps its own authenticated sockets by user
 * and delivers to them at once; on PostgreSQL it also publishes the message with NOTIFY on a channel of
 * its schema, and every other process delivers what it hears to its own sockets. On PGlite (one process by
 * construction, see db/pglite.ts) in-process delivery is all there is.
 *
 * Notifications are best effort, like the rest of a live feed: `notifyUser` never rejects (a failed
 * publish is logged), so a finished run is never failed by a notification that could not be sent.
 *
 * The same channel carries `endSessions`: a logout, a password reset or 'Sign out of all devices' closes
 * the sockets of that session (or of every session of the user) in every process at once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { createNotifyOutbox, NOTIFY_MANY_SQL } from './notify-outbox.ts';

export interface LiveMessage {
  type: string;
  data: { message: string } & Record<string, unknown>;
}

/** What the hub knows of a socket besides its user: its session, and how to end it. */
export interface AttachOptions {
  /** The session (refresh-token family) of the token the socket authenticated with. */
  sessionId?: string;
  /** Closes the socket; called when its session (or every session of its user) ends. */
  end?: () => void;
}

export interface LiveHub {
  /** Delivers to every authenticated socket of the user in every server process. */
  notifyUser(userId: string, message: LiveMessage): Promise<void>;
  /**
   * Ends the user's sockets in every server process: those of one session, or all when `sessionId` is
   * left out. Never rejects; on PostgreSQL a failed publish is logged (the per-request check and the
   * socket's token expiry still end them).
   */
  endSessions(userId: string, sessionId?: string): Promise<void>;
  /** websocket.ts registers an authenticated socket; returns the unregister function. */
  attach(userId: string, send: (message: LiveMessage) => void, options?: AttachOptions): () => void;
  close(): Promise<void>;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7999;
export const MAX_MESSAGE_CHARS = 1000;
const MAX_TYPE_CHARS = 100;
const MAX_IDENTIFIER_BYTES = 63;

/** One channel per schema: test files share one PostgreSQL with a schema each and must not hear each other. */
export function liveChannelName(schema: string): string {
  return schemaChannelName('flowsmith_live', schema);
}

/** `prefix_schema`, or the schema's hash when it is not a plain identifier or the name would be too long. */
export function schemaChannelName(prefix: string, schema: string): string {
  const plain = `${prefix}_${schema}`;
  if (/^[a-z0-9_]+$/.test(schema) && plain.length <= MAX_IDENTIFIER_BYTES) return plain;
  return `${prefix}_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  // Never end on half of a surrogate pair (an emoji cut in two).
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY; // cycles, BigInt: cannot be sent at all, so dropped first
  }
}

/**
 * The message as it is sent everywhere: the text cut to 1000 characters and, while `size` of the result
 * is over `limit`, the largest extra field dropped — a small runId survives a huge output blob.
 */
export function fitMessage(message: LiveMessage, size: (message: LiveMessage) => number, limit: number): LiveMessage {
  const type = truncate(String(message.type), MAX_TYPE_CHARS);
  const data: Record<string, unknown> = { ...message.data, message: truncate(String(message.data?.message ?? ''), MAX_MESSAGE_CHARS) };
  const current = (): LiveMessage => ({ type, data: data as LiveMessage['data'] });
  const fits = () => {
    try {
      return size(current()) <= limit;
    } catch {
      return false; // not serialisable (a cycle, a BigInt): drop fields until it is
    }
  };
  while (!fits()) {
    const extras = Object.keys(data).filter((key) => key !== 'message');
    if (extras.length === 0) break;
    const largest = extras.reduce((a, b) => (jsonBytes(data[b]) > jsonBytes(data[a]) ? b : a));
    delete data[largest];
  }
  return current();
}

interface Envelope {
  origin: string;
  userId: string;
  message?: LiveMessage;
  /** Present when sessions end: the one session, or null for all of the user's. */
  end?: { sessionId: string | null };
}

function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Envelope> | null;
    if (typeof value?.origin !== 'string' || typeof value.userId !== 'string') return undefined;
    if (value.end !== undefined) {
      const sessionId = (value.end as { sessionId?: unknown } | null)?.sessionId;
      return typeof sessionId === 'string' || sessionId === null
        ? { origin: value.origin, userId: value.userId, end: { sessionId } }
        : undefined;
    }
    const message = value.message;
    if (typeof message?.type !== 'string' || typeof message.data?.message !== 'string') return undefined;
    return value as Envelope;
  } catch {
    return undefined;
  }
}

interface Attached {
  send: (message: LiveMessage) => void;
  sessionId: string | undefined;
  end: (() => void) | undefined;
}

export async function createLiveHub(db: Database, log: FastifyBaseLogger): Promise<LiveHub> {
  const sockets = new Map<string, Set<Attached>>();
  // Tags this process's NOTIFYs: it has delivered them locally already and ignores their echo.
  const origin = randomUUID();

  function deliver(userId: string, message: LiveMessage): void {
    for (const { send } of sockets.get(userId) ?? []) {
      try {
        send(message);
      } catch (error) {
        log.warn({ err: error }, 'Live message could not be sent to a socket');
      }
    }
  }

  function endLocal(userId: string, sessionId: string | null): void {
    for (const attached of [...(sockets.get(userId) ?? [])]) {
      if (sessionId !== null && attached.sessionId !== sessionId) continue;
      try {
        attached.end?.();
      } catch (error) {
        log.warn({ err: error }, 'A socket could not be closed');
      }
    }
  }

  let channel: string | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  if (db.listen) {
    const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    channel = liveChannelName(rows[0]?.schema ?? 'public');
    stopListening = await db.listen(channel, (payload) => {
      const envelope = parseEnvelope(payload);
      if (!envelope) return log.warn('Ignored an unreadable live notification');
      if (envelope.origin === origin) return;
      if (envelope.end) endLocal(envelope.userId, envelope.end.sessionId);
      else if (envelope.message) deliver(envelope.userId, envelope.message);
    });
  }

  // Live messages of many runs at once share round trips (notify-outbox.ts), in the order they were sent.
  const outbox = createNotifyOutbox((payloads) => db.query(NOTIFY_MANY_SQL, [channel, payloads]));
  let closed = false;
  return {
    async notifyUser(userId, message) {
      const envelopeBytes = (fitted: LiveMessage) => jsonBytes({ origin, userId, message: fitted });
      const fitted = fitMessage(message, envelopeBytes, MAX_NOTIFY_BYTES);
      deliver(userId, fitted);
      if (!channel || closed) return;
      if (envelopeBytes(fitted) > MAX_NOTIFY_BYTES) {
        return log.warn({ type: fitted.type }, 'Live message too large for other processes; delivered locally only');
      }
      try {
        await outbox.send(JSON.stringify({ origin, userId, message: fitted }));
      } catch (error) {
        log.error({ err: error }, 'Live message could not be published to other processes');
      }
    },
    async endSessions(userId, sessionId) {
      endLocal(userId, sessionId ?? null);
      if (!channel || closed) return;
      try {
        await outbox.send(JSON.stringify({ origin, userId, end: { sessionId: sessionId ?? null } }));
      } catch (error) {
        log.error({ err: error }, 'Ending sessions could not be published to other processes');
      }
    },
    attach(userId, send, options = {}) {
      const set = sockets.get(userId) ?? new Set();
      sockets.set(userId, set);
      const attached: Attached = { send, sessionId: options.sessionId, end: options.end };
      set.add(attached);
      return () => {
        set.delete(attached);
        if (set.size === 0 && sockets.get(userId) === set) sockets.delete(userId);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      sockets.clear();
      await outbox.drained();
      await stopListening?.().catch((error: unknown) => log.warn({ err: error }, 'Stopping the live listener failed'));
    },
  };
}
