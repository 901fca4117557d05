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

const { serialize } = protocol;
const NOT_REUSABLE = 'cached plan must not change result type';

export function createStatementCache(pg, { limit = 256 } = {}) {
  /** sql → { name, paramTypes }, least recently used first. */
  const prepared = new Map();
  /** Texts seen once (bounded like `prepared`): the second sighting prepares. */
  const seenOnce = new Set();
  let nextName = 1;

  const exec = async (message) => (await pg.execProtocol(message, { syncToFs: false })).messages;

  async function closeStatement(name) {
    try {
      await exec(serialize.close({ type: 'S', name }));
    } finally {
      await exec(serialize.sync());
    }
  }

  async function prepare(sql) {
    const name = `flowsmith_${nextName++}`;
    let paramTypes;
    try {
      await exec(serialize.parse({ name, text: sql }));
      paramTypes = parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name })));
    } finally {
      await exec(serialize.sync());
    }
    const statement = { name, paramTypes };
    prepared.set(sql, statement);
    if (prepared.size > limit) {
      const [oldestSql, oldest] = prepared.entries().next().value;
      prepared.delete(oldestSql);
      await closeStatement(oldest.name);
    }
    return statement;
  }

  async function execute(statement, params) {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = [];
    try {
      messages.push(...(await exec(serialize.bind({ statement: statement.name, values }))));
      messages.push(...(await exec(serialize.describe({ type: 'P' }))));
      messages.push(...(await exec(serialize.execute({}))));
    } finally {
      messages.push(...(await exec(serialize.sync())));
    }
    return parse.parseResults(messages, pg.parsers)[0];
  }

  async function run(sql, params, inTransaction) {
    let statement = prepared.get(sql);
    if (statement) {
      prepared.delete(sql);
      prepared.set(sql, statement);
    } else {
      if (!seenOnce.has(sql)) {
        seenOnce.add(sql);
        if (seenOnce.size > limit) seenOnce.delete(seenOnce.values().next().value);
        return null;
      }
      seenOnce.delete(sql);
      statement = await prepare(sql);
    }
    try {
      return await execute(statement, params);
    } catch (error) {
      if (!String(error?.message).includes(NOT_REUSABLE)) throw error;
      prepared.delete(sql);
      await closeStatement(statement.name);
      return null;
    } finally {
      if (!inTransaction) await pg.syncToFs();
    }
  }

  return {
    /**
     * Runs `sql` as a prepared statement once it has been seen before; null when it ran nothing and the
     * caller should run it its usual way (first sighting, or a statement that could not be reused).
     */
    query(sql, params, inTransaction) {
      const locked = () => pg._runExclusiveQuery(() => run(sql, params, inTransaction));
      return inTransaction ? locked() : pg._runExclusiveTransaction(locked);
    },
  };
}
