/**
 * Starts a real server on a real database for one test file. By default that is PGlite in a temp dir,
 * copied from a migrated template that the first file of a run builds (creating a PGlite database costs
 * seconds, copying one a fraction). With DATABASE_URL set, it is that PostgreSQL, in a fresh schema
 * dropped at the end, so files running in parallel never see each other's rows.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { LoginResponse } from '../../src/domain/index.ts';
import { createServer, type FlowsmithServer, type ServerOptions } from '../../server/app.ts';
import { loadConfig, type RateLimitSettings } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { MIGRATIONS } from '../../server/db/migrations/list.ts';
import { openPglite } from '../../server/db/pglite.ts';

/** Limits high enough that ordinary tests never meet them; rate-limit tests pass their own. */
export const GENEROUS_LIMITS: RateLimitSettings = {
  loginPerEmail: { max: 1000, windowMs: 60_000 },
  loginPerIp: { max: 1000, windowMs: 60_000 },
  forgotPerEmail: { max: 1000, windowMs: 60_000 },
  forgotPerIp: { max: 1000, windowMs: 60_000 },
  registerPerIp: { max: 100_000, windowMs: 60_000 },
  refreshPerIp: { max: 100_000, windowMs: 60_000 },
  googlePerIp: { max: 100_000, windowMs: 60_000 },
};

export interface TestServer {
  readonly server: FlowsmithServer;
  readonly app: FlowsmithServer['app'];
  readonly db: Database;
  readonly options: ServerOptions;
  /** A temp directory of this test file, removed by `close`. */
  readonly tempDir: string;
  /** Closes the server and starts a new one on the same data (a process restart). */
  restart(): Promise<void>;
  /** Closes the server and removes its data. */
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<ServerOptions> = {}): Promise<TestServer> {
  const tempDir = await mkdtemp(join(tmpdir(), 'flowsmith-test-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const databaseSchema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl && databaseSchema) {
    await withClient(databaseUrl, (client) => client.query(`CREATE SCHEMA ${databaseSchema}`));
  } else {
    await copyMigratedTemplate(join(tempDir, 'data', 'pglite'));
  }

  const config = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL || 'silent' });
  const options: ServerOptions = {
    ...config,
    dataDir: join(tempDir, 'data'),
    distDir: join(tempDir, 'dist'),
    appUrl: 'http://flowsmith.test',
    databaseUrl,
    databaseSchema,
    rateLimits: GENEROUS_LIMITS,
    // The route suites send wrong passwords to the account and key routes on purpose; tests of the limit pass their own.
    accountPasswordLimit: { max: 100_000, windowMs: 60_000 },
    // Processes on one PostgreSQL take their secrets from the environment (server/secrets).
    ...(databaseUrl ? { jwtSecret: randomBytes(48).toString('base64url'), valuesKey: randomBytes(32).toString('base64url') } : {}),
    ...overrides,
  };

  let server = await createServer(options);
  let closed = false;
  return {
    get server() {
      return server;
    },
    get app() {
      return server.app;
    },
    get db() {
      return server.db;
    },
    options,
    tempDir,
    async restart() {
      await server.close();
      server = await createServer(options);
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      if (databaseUrl && databaseSchema) {
        await withClient(databaseUrl, (client) => client.query(`DROP SCHEMA ${databaseSchema} CASCADE`));
      }
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Copies a migrated PGlite data directory into `target`. The template is named after the migrations,
 * so a new migration builds a new one; it is built under a temporary name and renamed into place, so
 * files starting in parallel either find a complete template or build their own and discard it.
 */
export async function copyMigratedTemplate(target: string): Promise<void> {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(MIGRATIONS))
    .update(await pgliteVersion())
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `flowsmith-test-pglite-${fingerprint}`);
  if (!existsSync(template)) {
    const building = `${template}.building-${randomBytes(4).toString('hex')}`;
    const db = await openPglite(building);
    try {
      await migrate(db, MIGRATIONS);
    } finally {
      await db.close();
    }
    try {
      await rename(building, template);
    } catch {
      await rm(building, { recursive: true, force: true });
    }
  }
  await cp(template, target, { recursive: true });
}

async function pgliteVersion(): Promise<string> {
  const manifest = join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return existsSync(manifest) ? String((JSON.parse(await readFile(manifest, 'utf8')) as { version?: string }).version) : '';
}

// ---- requests ----

export interface RequestOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export function post(
  app: FlowsmithServer['app'],
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  };
  return app.inject(request);
}

export function get(app: FlowsmithServer['app'], url: string, options: RequestOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** Any method, a JSON body (or raw text), and the bearer token. */
export function send(
  app: FlowsmithServer['app'],
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  if (method === 'GET' && body === undefined) return get(app, url, options);
  return app.inject({
    method,
    url,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

export const put = (app: FlowsmithServer['app'], url: string, body?: unknown, options: RequestOptions = {}) =>
  send(app, 'PUT', url, body, options);

export const del = (app: FlowsmithServer['app'], url: string, options: RequestOptions = {}) => send(app, 'DELETE', url, undefined, options);

/** A new user, signed in: their id and access token. */
export async function signedInUser(app: FlowsmithServer['app'], name = 'Ada Lovelace'): Promise<{ id: string; name: string; token: string }> {
  const user = await registerUser(app, { name });
  const { access_token } = await signIn(app, user.email, user.password);
  return { id: user.id, name, token: access_token };
}

let emailCounter = 0;
/** An address no other test in the run uses. */
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export interface RegisteredUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

export async function registerUser(
  app: FlowsmithServer['app'],
  fields: Partial<Omit<RegisteredUser, 'id'>> = {},
): Promise<RegisteredUser> {
  const user = { name: 'Ada Lovelace', email: uniqueEmail(), password: PASSWORD, ...fields };
  const response = await post(app, '/api/auth/register', user);
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ data: { user: { id: string } } }>();
  return { ...user, id: body.data.user.id };
}

export async function signIn(
  app: FlowsmithServer['app'],
  email: string,
  password: string,
  remember?: boolean,
): Promise<LoginResponse> {
  const response = await post(app, '/api/auth/login', { email, password, ...(remember === undefined ? {} : { remember }) });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<LoginResponse>();
}

export async function countRows(db: Database, table: 'users' | 'refresh_tokens' | 'password_resets'): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]?.n ?? 0;
}

/** The .eml files in the outbox, oldest first, with their contents. */
export async function outbox(server: TestServer): Promise<Array<{ file: string; text: string }>> {
  await server.server.mailer.whenIdle();
  const dir = join(server.options.dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  const files = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(join(dir, file), 'utf8') })));
}

/** Undoes quoted-printable (how mail bodies with long lines, like a reset link, are encoded). */
export function decodeQuotedPrintable(text: string): string {
  const flat = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < flat.length; i += 1) {
    const escaped = /^=([0-9A-F]{2})/.exec(flat.slice(i, i + 3));
    if (escaped?.[1]) {
      bytes.push(Number.parseInt(escaped[1], 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(flat[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The reset token of the link in a reset mail. */
export function resetTokenIn(eml: string): string | undefined {
  return /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(eml))?.[1];
}
