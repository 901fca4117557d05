/**
 * Starting and restarting: the generated signing secret survives a restart (so sessions go on),
 * migrations run once however many processes start, and a configured secret wins over the key file.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import pg from 'pg';
import { signingKey } from './tokens.ts';
import { migrate } from '../../server/db/migrate.ts';
import { MIGRATIONS } from '../../server/db/migrations/list.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { get, post, registerUser, signIn, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

/** The key file's secret (JWT_SECRET on PostgreSQL, where the environment must carry it). */
async function storedSecrets(): Promise<string[]> {
  return [Buffer.from(await signingKey(t)).toString('utf8')];
}

describe('a restart on the same data', () => {
  it('keeps the generated JWT secret, so tokens issued before still verify', async () => {
    const [secret] = await storedSecrets();
    expect(secret?.length).toBeGreaterThanOrEqual(43);
    const user = await registerUser(t.app);
    const tokens = await signIn(t.app, user.email, user.password);

    await t.restart();

    expect(await storedSecrets()).toEqual([secret]);
    const profile = await get(t.app, '/api/profile', { token: tokens.access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(user.id);
    expect((await post(t.app, '/api/auth/refresh', { refresh_token: tokens.refresh_token })).statusCode).toBe(200);
  });

  it('does not apply a migration twice, even when two runs race', async () => {
    expect(await Promise.all([migrate(t.db, MIGRATIONS), migrate(t.db, MIGRATIONS)])).toEqual([[], []]);
    const { rows } = await t.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('migrates once when two processes start together on one PostgreSQL', async () => {
    const url = process.env.DATABASE_URL!;
    const schema = `test_race_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const first = openPostgres({ url, schema });
    const second = openPostgres({ url, schema });
    try {
      const applied = await Promise.all([migrate(first, MIGRATIONS), migrate(second, MIGRATIONS)]);
      expect(applied.flat().sort((x, y) => x - y)).toEqual(MIGRATIONS.map((m) => m.version));
      const { rows } = await first.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
      expect(rows[0]?.n).toBe(MIGRATIONS.length);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  });

  it('uses a configured JWT_SECRET instead of the key file', async () => {
    const configured = await startTestServer({ jwtSecret: 'a-configured-secret-of-at-least-32-chars' });
    try {
      const user = await registerUser(configured.app);
      const tokens = await signIn(configured.app, user.email, user.password);
      // The same user id does not exist here, but the signature check comes first: a foreign key fails it.
      const elsewhere = await get(t.app, '/api/profile', { token: tokens.access_token });
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json().code).toBe('INVALID_OR_EXPIRED_JWT_TOKEN');
      expect((await get(configured.app, '/api/profile', { token: tokens.access_token })).statusCode).toBe(200);

      // A failure that is not the client's (here the database is gone) is a 500 with no details.
      await configured.db.close();
      const broken = await post(configured.app, '/api/auth/login', { email: user.email, password: user.password });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({ code: 'INTERNAL', message: 'Server error' });
    } finally {
      await configured.close();
    }
  });
});
