import { Worker } from 'node:worker_threads';
import { ensurePrivateDir, tightenTree } from '../files/private-files.ts';
import { JsonText, type Database, type QueryResult, type Queryable, type Transaction } from './database.ts';

type Answer = { id: number } & ({ rows: unknown[] } | { rowsJson: string } | { tx: number } | { error: Record<string, string> } | object);

const THREAD_URL = new URL('./pglite-thread.mjs', import.meta.url);

/** An error from the database thread, with PostgreSQL's fields (`code` is the SQLSTATE) as on a pg error. */
function databaseError(fields: Record<string, string>): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * Opens (creating on first use) an embedded PostgreSQL kept on disk in `directory`, running on a thread
 * of its own (pglite-thread.mjs): PGlite computes synchronously, and on the server's thread a large
 * jsonb write or read stalled every other request for its whole length.
 *
 * It has no `listen`: one PGlite is one process holding its data directory alone, so a NOTIFY could only
 * ever reach this same process. Callers (the live hub) deliver in-process instead, which spares a round
 * trip through the single connection that every query waits on.
 */
export async function openPglite(directory: string): Promise<Database> {
  // The database files hold every user's data: owner-only, whoever calls this (the server, test helpers).
  await ensurePrivateDir(directory);
  await tightenTree(directory);
  const worker = new Worker(THREAD_URL, { workerData: { directory } });
  const waiting = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let dead: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Answer | { ready: true }) => {
      if ('ready' in message) return resolve();
      const entry = waiting.get(message.id);
      if (!entry) return;
      waiting.delete(message.id);
      if ('error' in message) entry.reject(databaseError(message.error));
      else entry.resolve(message);
    });
    const lost = (error: Error) => {
      dead ??= error;
      reject(error);
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The database thread stopped (exit code ${code})`)));
  });
  await ready;
  // PGlite's file layer writes a fresh cluster's files 0666 whatever the umask: fix them now.
  await tightenTree(directory);

  const call = (message: Record<string, unknown>): Promise<Answer> => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };
  /**
   * JsonText parameters travel as their bytes (copied outside the JavaScript heap: the caller may still
   * answer with them), and the thread decodes them.
   */
  const send = (sql: string, params: readonly unknown[], tx?: number) =>
    call({ op: 'query', sql, params: params.map((param) => (param instanceof JsonText ? { jsonText: param.bytes } : param)), tx });
  const rowsOf = <T>(answer: Answer): QueryResult<T> => ({
    rows: ('rowsJson' in answer ? JSON.parse(answer.rowsJson) : (answer as { rows: T[] }).rows) as T[],
  });
  const queryable = (tx?: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return rowsOf<T>(await send(sql, params, tx));
    },
  });

  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...queryable(),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const { tx } = (await call({ op: 'begin' })) as { tx: number };
      const handle: Transaction = {
        ...queryable(tx),
        async exec(sql: string) {
          await call({ op: 'exec', sql, tx });
        },
      };
      let result: T;
      try {
        result = await fn(handle);
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    close() {
      // Closing twice must not throw, and the thread ends only once PGlite has written everything.
      closing ??= (async () => {
        if (!dead) await call({ op: 'close' }).catch(() => undefined);
        await worker.terminate();
      })();
      return closing;
    },
  };
}
