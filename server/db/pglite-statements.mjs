/**
 * Prepared statements for the embedded database's thread (issue 15, throughput). PGlite's `query` parses
 * and plans every statement each time it runs (an unnamed statement); for the run path's big statements —
 * the claim, the finish with its activity roll-up — planning cost more than executing (2–6 ms against
 * 1–3 ms per run, measured with EXPLAIN ANALYZE). Here a text seen a second time is prepared under a name
 * of its own and then only bound and executed: PostgreSQL keeps its plan (a generic one once it is no
 * worse than planning each time), as it does for a named statement on any connection.
 *
 * Only repeated texts are prepared, at most `limit` of them (the least recently used is closed), so SQL
 * built with varying text never fills the session. A statement PostgreSQL refuses to reuse (its tables'
 * columns changed: 'cached plan must not change result type') is closed and run unprepared.
 *
 * It speaks PGlite's wire protocol the way PGlite's own `query` does (parse, describe, bind, describe,
 * execute, sync), with the same locks: outside a transaction it waits for any open one, as a query on one
 * connection does, and it holds the query lock while its messages go.
 *
 * Plain JavaScript: loaded by pglite-thread.mjs, a worker thread without tsx.
 */
import { parse, protocol } from '@electric-sql/pglite';
import { createStatementReuse, NOT_REUSABLE } from './statement-reuse.mjs';

const { serialize } = protocol;

export function createStatementCache(pg, { limit = 256 } = {}) {
  const reuse = createStatementReuse({ limit, evict: true });
  /** name → the parameter types PostgreSQL inferred when it was prepared. */
  const paramTypesOf = new Map();

  const exec = async (message) => (await pg.execProtocol(message, { syncToFs: false })).messages;

  async function closeStatement(name) {
    try {
      await exec(serialize.close({ type: 'S', name }));
    } finally {
      await exec(serialize.sync());
    }
  }

  async function prepare(name, sql) {
    try {
      await exec(serialize.parse({ name, text: sql }));
      paramTypesOf.set(name, parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name }))));
    } finally {
      await exec(serialize.sync());
    }
  }

  async function execute(name, params) {
    const paramTypes = paramTypesOf.get(name);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[paramTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = [];
    try {
      messages.push(...(await exec(serialize.bind({ statement: name, values }))));
      messages.push(...(await exec(serialize.describe({ type: 'P' }))));
      messages.push(...(await exec(serialize.execute({}))));
    } finally {
      messages.push(...(await exec(serialize.sync())));
    }
    return parse.parseResults(messages, pg.parsers)[0];
  }

  async function run(sql, name, params, inTransaction) {
    try {
      if (!paramTypesOf.has(name)) await prepare(name, sql);
      return await execute(name, params);
    } catch (error) {
      if (!String(error?.message).includes(NOT_REUSABLE)) throw error;
      reuse.forget(sql);
      paramTypesOf.delete(name);
      await closeStatement(name);
      return null;
    } finally {
      if (!inTransaction) await pg.syncToFs();
    }
  }

  const locked = (inTransaction, work) => {
    const held = () => pg._runExclusiveQuery(work);
    return inTransaction ? held() : pg._runExclusiveTransaction(held);
  };

  return {
    /**
     * Runs `sql` as a prepared statement once it has been seen before; null when it ran nothing and the
     * caller should run it its usual way (not one to keep, first sighting, or a plan PostgreSQL refused).
     * Whoever runs a name first under the lock prepares it (a transaction's statement may overtake one
     * waiting for the transaction to end).
     */
    async query(sql, params, inTransaction) {
      const { name, evicted } = reuse.nameFor(sql, params.length);
      if (evicted !== undefined && paramTypesOf.delete(evicted)) await locked(inTransaction, () => closeStatement(evicted));
      if (name === undefined) return null;
      return locked(inTransaction, () => run(sql, name, params, inTransaction));
    },
  };
}
