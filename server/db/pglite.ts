import { PGlite } from '@electric-sql/pglite';
import { ensurePrivateDir, tightenTree } from '../files/private-files.ts';
import type { Database, Queryable, Transaction } from './database.ts';

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

function queryable(target: PgliteQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
  };
}

/**
 * Opens (creating on first use) an embedded PostgreSQL kept on disk in `directory`.
 *
 * It has no `listen`: one PGlite is one process holding its data directory alone, so a NOTIFY could only
 * ever reach this same process. Callers (the live hub) deliver in-process instead, which spares a round
 * trip through the single connection that every query waits on.
 */
export async function openPglite(directory: string): Promise<Database> {
  // The database files hold every user's data: owner-only, whoever calls this (the server, test helpers).
  await ensurePrivateDir(directory);
  await tightenTree(directory);
  const pg = await PGlite.create({ dataDir: directory });
  // PGlite's file layer writes a fresh cluster's files 0666 whatever the umask: fix them now.
  await tightenTree(directory);
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    ...queryable(pg),
    transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      return pg.transaction(async (tx) => {
        const wrapped: Transaction = {
          ...queryable(tx),
          async exec(sql: string) {
            await tx.exec(sql);
          },
        };
        return fn(wrapped);
      });
    },
    close() {
      // The process cannot exit while PGlite is open, and closing twice throws: make close idempotent.
      closing ??= pg.close();
      return closing;
    },
  };
}
