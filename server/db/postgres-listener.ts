/**
 * LISTEN for the `pg` adapter. A pooled connection cannot listen (the pool hands it to other queries and
 * may close it when idle), so notifications arrive on one dedicated client. When that connection drops,
 * it is replaced with back-off and every channel is listened to again; NOTIFYs sent while it was down are
 * lost, which is what PostgreSQL offers anyway (notifications are not queued for absent listeners).
 */
import pg from 'pg';

export interface PostgresListenerOptions {
  url: string;
  schema?: string | undefined;
  onError?: ((error: Error) => void) | undefined;
  /** First wait before reconnecting; doubles on each failure up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

type Handler = (payload: string) => void;

/** Channel names are identifiers in LISTEN; quoting keeps them exactly as pg_notify spells them. */
const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

export function createPostgresListener(options: PostgresListenerOptions) {
  const minRetryMs = options.minRetryMs ?? 500;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const handlers = new Map<string, Set<Handler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = minRetryMs;
  let closed = false;

  const report = (error: unknown) => options.onError?.(error instanceof Error ? error : new Error(String(error)));

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: options.url,
      // Same search_path as the pool, so anything schema-dependent behaves alike on this connection.
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      // A half-open TCP connection would otherwise leave the listener deaf without any 'end' event.
      keepAlive: true,
      // Lets an operator tell this long-lived connection from the pool's in pg_stat_activity.
      application_name: 'flowsmith-listen',
    });
    next.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          report(error);
        }
      }
    });
    // An unhandled 'error' event would crash the process; 'end' follows it and triggers the reconnect.
    next.on('error', report);
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      // LISTEN is idempotent, so channels added while this connection was opening are safe to repeat.
      for (const channel of handlers.keys()) await next.query(`LISTEN ${quote(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      throw new Error('Listener closed');
    }
    client = next;
    retryMs = minRetryMs;
    return next;
  }

  function connected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= open().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer || handlers.size === 0) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (closed || handlers.size === 0) return;
      connected().catch((error: unknown) => {
        report(error);
        retryMs = Math.min(retryMs * 2, maxRetryMs);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  async function stopListening(channel: string, handler: Handler): Promise<void> {
    const set = handlers.get(channel);
    if (!set?.delete(handler) || set.size > 0) return;
    handlers.delete(channel);
    const current = client;
    if (!current) return;
    if (handlers.size === 0) {
      client = undefined; // so its 'end' is not taken for a drop
      await current.end().catch(report);
    } else {
      await current.query(`UNLISTEN ${quote(channel)}`).catch(report);
    }
  }

  return {
    async listen(channel: string, onPayload: Handler): Promise<() => Promise<void>> {
      if (closed) throw new Error('Database is closed');
      const set = handlers.get(channel) ?? new Set<Handler>();
      handlers.set(channel, set);
      set.add(onPayload);
      try {
        const current = await connected();
        await current.query(`LISTEN ${quote(channel)}`);
      } catch (error) {
        await stopListening(channel, onPayload);
        throw error;
      }
      let stopped = false;
      return async () => {
        if (stopped) return;
        stopped = true;
        await stopListening(channel, onPayload);
      };
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(retryTimer);
      handlers.clear();
      const current = client;
      client = undefined;
      await connecting?.catch(() => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
