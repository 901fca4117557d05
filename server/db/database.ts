/**
 * The storage seam. Everything above it speaks plain PostgreSQL with `$1` parameters; two adapters run
 * that SQL: embedded PGlite (one connection, in-process) and a `pg` Pool (a real server, many processes).
 *
 * One rule matters for PGlite: it has a single connection, so a query on `db` made while a transaction
 * callback is running waits for that transaction and deadlocks it. Inside `transaction(fn)` use `tx` only.
 */
export interface QueryResult<T> {
  rows: T[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Transaction extends Queryable {
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Commits when `fn` resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` over a connection of its own; `onPayload` gets each NOTIFY payload. Resolves once
   * listening, with the function that stops. Optional: an adapter that is one process by construction
   * (PGlite) leaves it out and callers deliver in-process instead.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * A parameter that is JSON text kept as UTF-8 bytes (a large flow's content): the embedded database's
 * thread takes the bytes without a copy and decodes them there, so a 4 MB text never becomes a string
 * on the server's thread; the pg adapter sends it as text.
 */
export class JsonText {
  constructor(readonly bytes: Uint8Array) {}

  toString(): string {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength).toString('utf8');
  }
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation; both adapters expose it as `error.code`. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
