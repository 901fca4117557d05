/** Types of statement-reuse.mjs (plain JavaScript, loaded by the embedded database's thread). */
export declare const NOT_REUSABLE: string;
export interface StatementReuse {
  nameFor(sql: string, paramCount: number): { name: string | undefined; evicted: string | undefined };
  forget(sql: string): void;
}
export declare function createStatementReuse(options?: { limit?: number; evict?: boolean }): StatementReuse;
