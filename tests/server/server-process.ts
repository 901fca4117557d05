/**
 * The real server as a child process (`node --import tsx server/main.ts`) for tests that kill it with
 * SIGKILL: on PGlite in a DATA_DIR, or — when the runner has DATABASE_URL — on that PostgreSQL in a schema
 * of the test's own (`search_path` in the URL, so processes started on it share the data). Loopback only;
 * `killAllServers()` SIGKILLs every child (afterAll, and on the runner's exit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Reply {
  status: number;
  body: string;
  /** Parsed loosely: the assertions check it. */
  json: any;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ServerProcess {
  output = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly exited: Promise<void>;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        this.agent.destroy();
        resolve();
      });
    });
  }

  get alive(): boolean {
    return this.exit === null;
  }

  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { token?: string; body?: unknown; timeoutMs?: number } = {}): Promise<Reply> {
    const payload = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = body ? JSON.parse(body) : undefined;
            } catch {
              json = undefined;
            }
            resolve({ status: res.statusCode ?? 0, body, json });
          });
        },
      );
      // Only so that a hung server fails the test instead of hanging it.
      req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer`)));
      req.on('error', (error) => reject(this.alive ? error : new Error(`${method} ${path}: the server died: ${error.message}\n${this.output}`)));
      req.end(payload);
    });
  }

  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }
}

const children = new Set<ServerProcess>();
process.once('exit', () => {
  for (const server of children) if (server.alive) server.child.kill('SIGKILL');
});

export async function killAllServers(): Promise<void> {
  await Promise.all([...children].map((child) => child.kill()));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Where the processes of one test keep their data: a DATA_DIR, or a fresh schema of DATABASE_URL. */
export interface SharedDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function sharedDatabase(dataDir: string): Promise<SharedDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: withSchema.toString(),
      // Processes on one PostgreSQL take their secrets from the environment (server/secrets).
      JWT_SECRET: randomBytes(48).toString('base64url'),
      VALUES_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    },
    drop: () => admin(`DROP SCHEMA ${schema} CASCADE`),
  };
}

/** Starts the server and waits until /api/health answers; throws with its output if it does not. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env);
    } catch (error) {
      // The free port was taken before the server bound it: another one.
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: join(tmpdir(), 'flowsmith-no-dist'),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = new ServerProcess(child, port);
  children.add(server);
  for (let i = 0; i < 600; i++) {
    if (!server.alive) break;
    try {
      if ((await server.call('GET', '/api/health', { timeoutMs: 5000 })).status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  const state = server.alive ? 'did not answer /api/health within 60 s' : `exited (${JSON.stringify(server.exit)})`;
  await server.kill();
  throw new Error(`The server ${state}. Its output:\n${server.output}`);
}

/** Answers the reply when its status is `status`, throws with the body otherwise. */
export async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const answered = await reply;
  if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${answered.body}`);
  return answered;
}
