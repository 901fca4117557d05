/**
 * Tells the workers of every process on the database that a run was queued (PostgreSQL NOTIFY on a
 * channel per schema), so a run started on a web process (RUN_WORKERS_ENABLED=false) is claimed at once
 * by a worker process instead of at that process's next poll. A burst of starts sends one NOTIFY while
 * another is on its way and one more after it: a woken worker claims every waiting run, not one per
 * signal. PGlite has no `listen` (one process by construction): its own workers are woken directly.
 */
import type { Database } from '../db/database.ts';
import { schemaChannelName } from '../live/live-hub.ts';

/** The channel of one schema (test files share a PostgreSQL with a schema each). */
export const runsChannelName = (schema: string) => schemaChannelName('flowsmith_runs', schema);

export interface QueuedSignal {
  /** A run was queued in this process. */
  queued(): void;
  close(): Promise<void>;
}

export async function createQueuedSignal(
  db: Database,
  wakeWorkers: (() => void) | null,
  log: (message: string, error?: unknown) => void,
): Promise<QueuedSignal> {
  if (!db.listen) return { queued: () => wakeWorkers?.(), close: async () => {} };
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const channel = runsChannelName(rows[0]?.schema ?? 'public');
  // Every process hears it, this one included: its own workers wake on the echo too.
  const stopListening = wakeWorkers ? await db.listen(channel, () => wakeWorkers()) : null;

  let sending: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const send = async (): Promise<void> => {
    try {
      do {
        again = false;
        await db.query('SELECT pg_notify($1, $2)', [channel, '']);
      } while (again && !closed);
    } catch (error) {
      // The workers' poll still finds the run; only the wake-up was lost.
      log('Telling other processes of a queued run failed', error);
    } finally {
      sending = null;
    }
  };
  return {
    queued() {
      wakeWorkers?.();
      if (closed) return;
      if (sending) again = true;
      else sending = send();
    },
    async close() {
      closed = true;
      // A NOTIFY on its way ends before the database may close.
      await sending;
      await stopListening?.();
    },
  };
}
