/**
 * Both databases keep a plan for each statement they see again (server/db/statement-reuse.mjs; on
 * PGlite server/db/pglite-statements.mjs, on PostgreSQL `pg`'s named statements): the answers must be
 * exactly those of an unprepared statement — values in and out, transactions, errors, a table changed
 * under a kept plan — and the embedded session must never fill up with statements.
 */
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../server/db/database.ts';
// @ts-expect-error plain JavaScript module of the database thread, without types
import { createStatementCache } from '../../server/db/pglite-statements.mjs';
import { startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let db: Database;

beforeAll(async () => {
  t = await startTestServer();
  db = t.db;
  await db.query(`CREATE TABLE items (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int NOT NULL, doc jsonb, at timestamptz, tags text[])`);
});
afterAll(async () => {
  await t?.close();
});

const preparedCount = async () =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'flowsmith_%' AND $1::int = 1`, [1])).rows[0]!.n;

describe('statements run again', () => {
  it('answer as the first run did, with every kind of value in and out', async () => {
    const insert = `INSERT INTO items (n, doc, at, tags) VALUES ($1, $2::jsonb, $3, $4) RETURNING n, doc, at, tags`;
    const at = new Date('2026-11-27T10:00:00.123Z');
    const answers = [];
    for (let n = 1; n <= 4; n++) answers.push((await db.query(insert, [n, JSON.stringify({ n, nested: { list: [n] } }), at, ['a', `t${n}`]])).rows[0]);
    expect(answers).toEqual([1, 2, 3, 4].map((n) => ({ n, doc: { n, nested: { list: [n] } }, at, tags: ['a', `t${n}`] })));
    const read = `SELECT n, doc FROM items WHERE n = ANY($1::int[]) ORDER BY n`;
    const first = await db.query(read, [[2, 3]]);
    const again = await db.query(read, [[2, 3]]);
    expect(again.rows).toEqual(first.rows);
    expect(again.rows).toEqual([
      { n: 2, doc: { n: 2, nested: { list: [2] } } },
      { n: 3, doc: { n: 3, nested: { list: [3] } } },
    ]);
    // On PostgreSQL each pooled connection keeps its own; the embedded database has one session.
    if (db.kind === 'pglite') expect(await preparedCount()).toBeGreaterThanOrEqual(2);
  });

  it('take part in transactions: a rolled-back one leaves nothing, a committed one stays', async () => {
    const insert = `INSERT INTO items (n) VALUES ($1) RETURNING n`;
    for (const n of [100, 101]) await db.query(insert, [n]);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [102]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.transaction(async (tx) => {
      await tx.query(insert, [103]);
    });
    const { rows } = await db.query<{ n: number }>(`SELECT n FROM items WHERE n >= $1 ORDER BY n`, [100]);
    expect(rows.map((row) => row.n)).toEqual([100, 101, 103]);
  });

  it('report a failing statement’s error, and the next statements still run', async () => {
    const insert = `INSERT INTO items (id, n) VALUES ($1, $2)`;
    const id = '00000000-0000-4000-8000-000000000001';
    await db.query(insert, [id, 1]);
    await expect(db.query(insert, [id, 2])).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(insert, [id, 3])).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ n: number }>(`SELECT n FROM items WHERE id = $1`, [id])).rows).toEqual([{ n: 1 }]);
  });

  it('follow a table whose columns changed after they were prepared', async () => {
    const all = `SELECT * FROM items WHERE n = $1`;
    await db.query(all, [1]);
    await db.query(all, [1]);
    await db.query(`ALTER TABLE items ADD COLUMN extra text DEFAULT 'x'`);
    const { rows } = await db.query<{ extra: string }>(all, [1]);
    expect(rows[0]!.extra).toBe('x');
  });
});

describe('the statement cache itself', () => {
  it('never keeps more statements than its limit, and prepares only texts it saw before', async () => {
    const pg = await PGlite.create();
    try {
      const cache = createStatementCache(pg, { limit: 3 });
      const count = async () => (await pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows[0]!.n;
      expect(await cache.query('SELECT $1::int AS a', [1], false)).toBeNull();
      expect(await count()).toBe(0);
      expect((await cache.query('SELECT $1::int AS a', [2], false)).rows).toEqual([{ a: 2 }]);
      expect(await count()).toBe(1);
      for (let i = 0; i < 6; i++) {
        const sql = `SELECT $1::int + ${i} AS a`;
        await cache.query(sql, [1], false);
        expect((await cache.query(sql, [1], false)).rows).toEqual([{ a: 1 + i }]);
      }
      expect(await count()).toBe(3);
    } finally {
      await pg.close();
    }
  });
});
