// pg-boss 12's `db` option (IDatabase, dist/types.d.ts) over the PGlite thread and over a pg Pool.
//   executeSql(text, values)  text without values may be several statements (its migrations and its
//                             `BEGIN; SELECT pg_advisory_xact_lock(..); ..; COMMIT` blocks): PGlite's exec,
//                             with the rows of every statement flattened, as pg-boss's own Db does.
//   listen(channel, onNotification, onReconnect)   optional in IDatabase; with it, `useListenNotify: true`
//                             works through a custom adapter. PostgreSQL: a dedicated pg.Client (as pg-boss's
//                             own Db does, less its heartbeat and reconnect). PGlite: LISTEN on the one
//                             connection inside the thread, whose notifications the thread posts back.
// `bump(text)` (optional) is called for each statement sent, for counting.
import pg from 'pg';

export function bossDbOverPglite(thread, bump = () => {}) {
  return {
    executeSql(text, values) {
      bump(text);
      return values && values.length ? thread.query(text, values) : thread.exec(text);
    },
    async listen(channel, onNotification, onReconnect) {
      let open = true;
      thread.onNotification((n) => { if (open && n.channel === channel) onNotification(n.payload); });
      await thread.query(`LISTEN "${channel}"`);
      onReconnect();
      return { async close() { open = false; await thread.query(`UNLISTEN "${channel}"`).catch(() => {}); } };
    },
  };
}

export function bossDbOverPgPool(pool, url, bump = () => {}) {
  return {
    executeSql(text, values) { bump(text); return pool.query(text, values); },
    async listen(channel, onNotification, onReconnect) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      client.on('notification', (m) => { if (m.channel === channel) onNotification(m.payload); });
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      onReconnect();
      return { close: () => client.end().catch(() => {}) };
    },
  };
}
