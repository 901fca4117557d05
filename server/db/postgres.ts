import pg from 'pg';
import { JsonText, type Database, type Queryable, type Transaction } from './database.ts';
import { createPostgresListener } from './postgres-listener.ts';
import { createStatementReuse, NOT_REUSABLE, type StatementReuse } from './statement-reuse.mjs';

export interface PostgresOptions {
  url: string;
  /** Every connection uses this schema (tests get a fresh one each); it must already exist. */
  schema?: string | undefined;
  /**
   * Called when an idle pooled connection fails (the pool replaces it) or the LISTEN connection drops (it
   * is reopened); without a handler either would crash the process.
   */
  onIdleError?: (error: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A statement run again keeps its plan: from its second sighting it goes as a named statement, which
 * `pg` prepares once on each connection (statement-reuse.mjs says which; at most 256 texts a process,
 * never closed, since no name is used for two texts). The run path's big statements plan for longer than
 * they run.
 */
function queryable(client: pg.Pool | pg.PoolClient, reuse: StatementReuse): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const values = params.map((param) => (param instanceof JsonText ? param.toString() : param));
      const { name } = reuse.nameFor(sql, values.length);
      if (name === undefined) return { rows: (await client.query(sql, values)).rows as T[] };
      try {
        return { rows: (await client.query({ name, text: sql, values })).rows as T[] };
      } catch (error) {
        if (!String((error as Error | null)?.message).includes(NOT_REUSABLE)) throw error;
        reuse.forget(sql);
        return { rows: (await client.query(sql, values)).rows as T[] };
      }
    },
  };
}

export function openPostgres(options: PostgresOptions): Database {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`Invalid schema name: ${options.schema}`);
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on('error', (error) => options.onIdleError?.(error));
  const listener = createPostgresListener({ url: options.url, schema: options.schema, onError: options.onIdleError });
  const reuse = createStatementReuse();
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    ...queryable(pool, reuse),
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const tx: Transaction = {
          ...queryable(client, reuse),
          async exec(sql: string) {
            // Without parameters pg uses the simple protocol, which accepts several statements.
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // A connection that cannot roll back must not go back to the pool.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    close() {
      closing ??= Promise.all([listener.close(), pool.end()]).then(() => undefined);
      return closing;
    },
  };
}
