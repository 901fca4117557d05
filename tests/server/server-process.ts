/**
 * The real server as a child process (`node --import tsx server/main.ts`) for tests that kill processes
 * or run several on one database: start it with an environment, call it over loopback, SIGKILL it.
 * Every process started here is SIGKILLed when the test runner exits, should a test not get to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Reply {
  status: number;
  body: string;
  /** The parsed body, read loosely: the assertions check it. */
  json: any;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ServerProcess {
  output = '';
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  readonly exited: Promise<void>;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 16 });

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const keep = (chunk: Buffer) => {
      // The last 20 kB are enough to say why it died.
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

  /** One request over loopback; rejects when the connection fails (the process is gone). */
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
      // A wait, not a measurement: only there so a hung server fails the test instead of hanging it.
      req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer`)));
      // A reset connection most often means the process died: say so, with what it printed.
      req.on('error', (error) => {
        void Promise.race([this.exited, sleep(1000)]).then(() =>
          reject(this.alive ? error : new Error(`${method} ${path}: the server died (${JSON.stringify(this.exit)}): ${error.message}\n${this.output}`)),
        );
      });
      req.end(payload);
    });
  }

  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exited;
  }
}

const children = new Set<ServerProcess>();
// Should the test runner itself exit without afterAll, no server outlives it.
process.once('exit', () => {
  for (const server of children) if (server.alive) server.child.kill('SIGKILL');
});

/** Kills every server this file started (for afterAll). */
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

/**
 * Starts the server with `dataDir` (PGlite there, unless `env` has DATABASE_URL) and waits until
 * /api/health answers; throws with its output if it dies. Only what the server needs reaches it: never
 * the runner's DATABASE_URL or options unless `env` passes them.
 */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(dataDir, env);
    } catch (error) {
      // The free port was taken before the server bound it: another one.
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startServerOnce(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      TMPDIR: tmpdir(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, '..', 'dist'),
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
  throw new Error(`The server on ${dataDir} ${state}. Its output:\n${server.output}`);
}

/** Answers the reply when its status is `status`, throws with the body otherwise. */
export async function expectStatus(reply: Promise<Reply>, status: number, what: string): Promise<Reply> {
  const answered = await reply;
  if (answered.status !== status) throw new Error(`${what}: ${answered.status} ${answered.body}`);
  return answered;
}
