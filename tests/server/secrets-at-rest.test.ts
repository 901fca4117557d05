/**
 * Secrets at rest (issue 11, part 4): DATA_DIR and everything in it owner-only, the signing secret and
 * the values key in key files (or the environment) and never in the database, old installs migrated,
 * the values key rotated without losing a value.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, cp, lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { createServer } from '../../server/app.ts';
import { hashPassword } from '../../server/auth/passwords.ts';
import { migrate } from '../../server/db/migrate.ts';
import { MIGRATIONS } from '../../server/db/migrations/list.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { sharedEntries } from './shared-entries.ts';
import { SHARED_DATABASE_NEEDS_SECRETS } from '../../server/secrets/server-secrets.ts';
import { createValueCipher } from '../../server/variables/encryption.ts';
import { get, outbox, PASSWORD, post, put, registerUser, signIn, signedInUser, startTestServer, type TestServer, uniqueEmail } from './helpers.ts';
import { handMadeToken } from './tokens.ts';

const onPglite = !process.env.DATABASE_URL;
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
const secretsDir = () => join(t.options.dataDir, 'secrets');
const keyFile = (name: string) => join(secretsDir(), name);

/** Makes every entry under `root` world-writable, as an install from before this change had it. */
async function loosen(root: string): Promise<void> {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const entry = await lstat(path);
    await chmod(path, entry.isDirectory() ? 0o777 : 0o666);
    if (entry.isDirectory()) for (const name of await readdir(path)) stack.push(join(path, name));
  }
}

describe('DATA_DIR is owner-only', () => {
  it.runIf(onPglite)('holds the data directory, the key files and every database file owner-only', async () => {
    expect(await modeOf(t.options.dataDir)).toBe(0o700);
    expect(await modeOf(secretsDir())).toBe(0o700);
    expect(await modeOf(keyFile('jwt-secret'))).toBe(0o600);
    expect(await modeOf(keyFile('values-key'))).toBe(0o600);
    expect(await modeOf(join(t.options.dataDir, 'pglite'))).toBe(0o700);
    expect(await sharedEntries(t.options.dataDir)).toEqual([]);
  });

  it('writes mails owner-only into an owner-only outbox', async () => {
    const user = await registerUser(t.app);
    expect((await post(t.app, '/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    const mails = await outbox(t);
    expect(mails.length).toBeGreaterThan(0);
    const dir = join(t.options.dataDir, 'outbox');
    expect(await modeOf(dir)).toBe(0o700);
    for (const mail of mails) expect(await modeOf(join(dir, mail.file))).toBe(0o600);
  });

  it.runIf(onPglite)('makes a world-writable DATA_DIR of an older install owner-only at start', async () => {
    await t.server.close();
    await loosen(t.options.dataDir);
    expect((await sharedEntries(t.options.dataDir)).length).toBeGreaterThan(100);
    await t.restart();
    expect(await sharedEntries(t.options.dataDir)).toEqual([]);
    // ...and what PGlite writes while it runs is made owner-only again by the time it closes.
    await signedInUser(t.app);
    await t.server.close();
    expect(await sharedEntries(t.options.dataDir)).toEqual([]);
    await t.restart();
  });

  it.runIf(onPglite)('keeps the key files across restarts, and no secret in the database', async () => {
    const before = [await readFile(keyFile('jwt-secret'), 'utf8'), await readFile(keyFile('values-key'), 'utf8')];
    expect(before[0]!.trim().length).toBeGreaterThanOrEqual(43);
    await t.restart();
    expect([await readFile(keyFile('jwt-secret'), 'utf8'), await readFile(keyFile('values-key'), 'utf8')]).toEqual(before);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app_settings');
    expect(rows[0]?.n).toBe(0);
  });
});

describe('what DATA_DIR may be', () => {
  it('refuses a shared directory (sticky bit, like /tmp) instead of locking others out of it', async () => {
    const shared = join(t.tempDir, 'shared');
    await mkdir(shared);
    await chmod(shared, 0o1777);
    await expect(createServer({ ...t.options, dataDir: shared })).rejects.toThrow(/shared directory/);
    expect((await stat(shared)).mode & 0o7777).toBe(0o1777);
  });

  it.runIf(onPglite)('tightens what the server keeps there, not files of others beside it', async () => {
    const notes = join(t.options.dataDir, 'operator-notes.txt');
    await writeFile(notes, 'backup at 02:00');
    await chmod(notes, 0o644);
    await t.restart();
    expect(await modeOf(notes)).toBe(0o644);
    expect(await modeOf(t.options.dataDir)).toBe(0o700);
    await rm(notes);
  });
});

describe.runIf(onPglite)('an install that kept its secrets in the database', () => {
  const LEGACY_JWT = `legacy-signing-secret-${randomBytes(16).toString('hex')}`;
  const LEGACY_KEY = randomBytes(32).toString('base64url');
  let template: string;
  let userEmail: string;
  let variableId: string;

  /** A DATA_DIR as migrations 001-004 left it: both secrets in app_settings, a sensitive value. */
  beforeAll(async () => {
    template = join(t.tempDir, 'legacy-template');
    const db = await openPglite(join(template, 'pglite'));
    try {
      await migrate(db, MIGRATIONS.filter((m) => m.version <= 4));
      await db.query('INSERT INTO app_settings (key, value) VALUES ($1, $2), ($3, $4)', [
        'jwt_signing_secret',
        LEGACY_JWT,
        'variables_encryption_key',
        LEGACY_KEY,
      ]);
      userEmail = uniqueEmail('legacy');
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO users (name, email, email_key, password_hash) VALUES ($1, $2, $2, $3) RETURNING id',
        ['Old Timer', userEmail, await hashPassword(PASSWORD)],
      );
      const stored = createValueCipher(Buffer.from(LEGACY_KEY, 'base64url')).encrypt('42');
      const variable = await db.query<{ id: string }>(
        `INSERT INTO variables (user_id, name, type, value, sensitive) VALUES ($1, 'OLD_SECRET', 'STRING', $2, true) RETURNING id`,
        [rows[0]!.id, stored],
      );
      variableId = variable.rows[0]!.id;
    } finally {
      await db.close();
    }
  });

  async function startOnCopy(overrides: { valuesKey?: string } = {}) {
    const dataDir = join(t.tempDir, `legacy-${randomBytes(4).toString('hex')}`);
    await cp(template, dataDir, { recursive: true });
    const server = await createServer({ ...t.options, dataDir, ...overrides });
    return { server, dataDir };
  }

  /** The sensitive value still decrypts: changing its type to NUMBER checks the kept value '42'. */
  async function expectValueReadable(app: Awaited<ReturnType<typeof createServer>>['app']) {
    const { access_token } = await signIn(app, userEmail, PASSWORD);
    const response = await put(app, `/api/variables/${variableId}`, { type: 'NUMBER' }, { token: access_token });
    expect(response.statusCode).toBe(200);
    return access_token;
  }

  it('moves the values key to its file, replaces the signing secret, and deletes both from the database', async () => {
    const { server, dataDir } = await startOnCopy();
    try {
      const { rows } = await server.db.query<{ key: string; value: string }>('SELECT key, value FROM app_settings');
      expect(rows).toEqual([]);
      const versions = await server.db.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = 5');
      expect(versions.rows).toHaveLength(1);
      expect((await readFile(join(dataDir, 'secrets', 'values-key'), 'utf8')).trim()).toBe(LEGACY_KEY);
      const signing = (await readFile(join(dataDir, 'secrets', 'jwt-secret'), 'utf8')).trim();
      expect(signing).not.toBe(LEGACY_JWT);
      expect(await sharedEntries(dataDir)).toEqual([]);

      const token = await expectValueReadable(server.app);
      // A token signed with the old secret (readable by anyone who read the database files) is refused.
      const forged = await handMadeToken({ ...t, options: { ...t.options, jwtSecret: LEGACY_JWT } } as TestServer, token);
      expect((await get(server.app, '/api/profile', { token: forged })).statusCode).toBe(401);

      // Neither old secret is left in the table files (VACUUM FULL rewrote them).
      await server.close();
      for (const secret of [LEGACY_JWT, LEGACY_KEY]) expect(await filesContaining(join(dataDir, 'pglite', 'base'), secret)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('re-encrypts the values under a configured VALUES_ENCRYPTION_KEY, the old key serving as the previous one', async () => {
    const configured = randomBytes(32).toString('base64url');
    const { server, dataDir } = await startOnCopy({ valuesKey: configured });
    try {
      expect((await server.db.query('SELECT 1 FROM app_settings')).rows).toEqual([]);
      const { rows } = await server.db.query<{ value: string }>('SELECT value FROM variables WHERE id = $1', [variableId]);
      expect(createValueCipher(Buffer.from(configured, 'base64url')).decrypt(rows[0]!.value)).toBe('42');
      await expect(readFile(join(dataDir, 'secrets', 'values-key'))).rejects.toThrow();
      await expectValueReadable(server.app);
    } finally {
      await server.close();
    }
  });
});

/** Files under `root` whose bytes contain `text`. */
async function filesContaining(root: string, text: string): Promise<string[]> {
  const needle = Buffer.from(text);
  const found: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const entry = await lstat(path);
    if (entry.isDirectory()) for (const name of await readdir(path)) stack.push(join(path, name));
    else if ((await readFile(path)).includes(needle)) found.push(path);
  }
  return found;
}

describe.runIf(onPglite)('rotating the values key', () => {
  let token: string;
  let variableId: string;
  const storedValue = async () =>
    (await t.db.query<{ value: string }>('SELECT value FROM variables WHERE id = $1', [variableId])).rows[0]!.value;

  beforeAll(async () => {
    token = (await signedInUser(t.app)).token;
    const created = await post(t.app, '/api/variables', { name: 'ROTATED', type: 'STRING', value: '7', sensitive: true }, { token });
    expect(created.statusCode).toBe(201);
    variableId = created.json<{ id: string }>().id;
  });

  it('re-encrypts every value when values-key is renamed values-key.previous, then drops the old file', async () => {
    const before = await storedValue();
    const oldKey = await readFile(keyFile('values-key'), 'utf8');
    await t.server.close();
    await rename(keyFile('values-key'), keyFile('values-key.previous'));
    await t.restart();
    const newKey = await readFile(keyFile('values-key'), 'utf8');
    expect(newKey).not.toBe(oldKey);
    expect(await modeOf(keyFile('values-key'))).toBe(0o600);
    await expect(stat(keyFile('values-key.previous'))).rejects.toThrow();
    const after = await storedValue();
    expect(after).not.toBe(before);
    expect(createValueCipher(Buffer.from(newKey.trim(), 'base64url')).decrypt(after)).toBe('7');
    token = (await signedInUser(t.app)).token;
  });

  it('refuses to start, dropping no key, when a value decrypts with none of the keys', async () => {
    const goodKey = await readFile(keyFile('values-key'), 'utf8');
    await t.server.close();
    await writeFile(keyFile('values-key'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    await writeFile(keyFile('values-key.previous'), randomBytes(32).toString('base64url'), { mode: 0o600 });
    await expect(t.restart()).rejects.toThrow(/decrypt with none of the configured keys/);
    expect(await stat(keyFile('values-key.previous'))).toBeTruthy();
    await writeFile(keyFile('values-key'), goodKey, { mode: 0o600 });
    await rm(keyFile('values-key.previous'));
    await t.restart();
    expect((await get(t.app, '/api/health')).statusCode).toBe(200);
  });
});

describe('several processes on one PostgreSQL', () => {
  it('refuses to start without both secrets from the environment', async () => {
    const options = {
      ...t.options,
      dataDir: join(t.tempDir, 'shared-db-process'),
      databaseUrl: 'postgres://nobody@127.0.0.1:9/none',
      databaseSchema: undefined,
      jwtSecret: undefined,
      valuesKey: undefined,
    };
    await expect(createServer(options)).rejects.toThrow(SHARED_DATABASE_NEEDS_SECRETS);
    await expect(createServer({ ...options, jwtSecret: 'x'.repeat(40) })).rejects.toThrow(SHARED_DATABASE_NEEDS_SECRETS);
  });
});

describe.runIf(onPglite)('npm start (server/main.ts)', () => {
  it('creates a new DATA_DIR owner-only: database, key files and mails', { timeout: 120_000 }, async () => {
    const dataDir = join(t.tempDir, 'main-process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATABASE_URL: '', DIST_DIR: join(t.tempDir, 'no-dist') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += String(chunk);
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
        void exited.then(() => reject(new Error(`server exited: ${output.slice(-2000)}`)));
      });
      const email = uniqueEmail('main');
      const json = { 'content-type': 'application/json' };
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Main', email, password: PASSWORD }),
      });
      expect(registered.status).toBe(201);
      await fetch(`${base}/api/auth/forgot-password`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect((await readdir(join(dataDir, 'outbox'))).length).toBe(1);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'secrets', 'jwt-secret'))).toBe(0o600);
    expect(await sharedEntries(dataDir)).toEqual([]);
  });
});
