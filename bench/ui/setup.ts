/**
 * Setup for `npm run bench:ui`: a production build in its own directory (never the default dist/), the real
 * server started as `node scripts/start.mjs` on a free port and a fresh data directory, and the API calls that
 * give the browser a signed-in user and imported flows.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../../playwright.config.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DEFAULT_DIST = join(ROOT, '.tmp/bench-ui-dist');
/** Ports other runs use (Playwright's e2e servers and the default). */
const RESERVED_PORTS = new Set([3000, 3123, 3124, 3125, 5173]);

/** Progress goes to stderr, so `--json` leaves stdout to the one JSON object. */
export const log = (message: string) => process.stderr.write(`${message}\n`);

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Same rule as scripts/start.mjs: stale when index.html is missing or older than the sources. */
function buildIsStale(distDir: string): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const sources = ['src', 'rsbuild.config.ts', 'package-lock.json'].map((p) => join(ROOT, p)).filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
}

export function ensureBuild(distDir: string, mode: 'auto' | 'always' | 'never'): void {
  if (mode === 'never' || (mode === 'auto' && !buildIsStale(distDir))) {
    if (!existsSync(join(distDir, 'index.html'))) throw new Error(`${distDir}/index.html is missing (drop --no-build)`);
    log(`Using the build in ${distDir}`);
    return;
  }
  log(`Building the web app into ${distDir}…`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/@rsbuild/core/bin/rsbuild.js'), 'build', '--dist-path', distDir], {
    cwd: ROOT,
    stdio: ['ignore', 2, 2],
  });
  if (result.status !== 0) throw new Error(`rsbuild build failed (exit ${result.status})`);
  log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const probe = createServer();
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        probe.close(() => resolvePort(port));
      });
    });
    if (!RESERVED_PORTS.has(port)) return port;
  }
}

export interface RunningServer {
  origin: string;
  distDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (scripts/start.mjs, SKIP_BUILD=1) and waits for /api/health; `prepare` fills its
 * fresh data directory first (the dashboard bench seeds runs there).
 */
export async function startServer(distDir: string, prepare?: (dataDir: string) => Promise<void>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-ui-'));
  if (prepare) await prepare(dataDir);
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR") profiles the server, as in the engine bench.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DIST_DIR: distDir,
      APP_URL: origin,
      SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_EMAIL_MAX: '100000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000',
      RATE_LIMIT_FORGOT_IP_MAX: '100000',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-8000)));
  child.stderr?.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-8000)));
  let exited: number | null | undefined;
  const exit = new Promise<void>((done) =>
    child.once('exit', (code) => {
      exited = code;
      done();
    }),
  );

  const stop = async () => {
    if (exited === undefined && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited !== undefined) {
      await stop();
      throw new Error(`the server exited (code ${exited}) before answering /api/health:\n${output}`);
    }
    try {
      const reply = await fetch(`${origin}/api/health`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer ${origin}/api/health within 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`Server on ${origin} (DATA_DIR ${dataDir}, DIST_DIR ${distDir})`);
  return { origin, distDir, stop };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** JSON of the signed-in user, as the app keeps it in localStorage. */
  userJson: string;
}

async function postJson(url: string, body: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
}

export const BENCH_USER = { name: 'UI Bench', email: `ui-bench-${Date.now().toString(36)}@example.com`, password: 'bench-password-1' };

export async function registerUser(origin: string): Promise<void> {
  const reply = await postJson(`${origin}/api/auth/register`, JSON.stringify(BENCH_USER));
  if (reply.status !== 201) throw new Error(`register answered ${reply.status}: ${await reply.text()}`);
}

/** A fresh token pair (one per browser context: the app rotates refresh tokens). */
export async function login(origin: string): Promise<Session> {
  const reply = await postJson(`${origin}/api/auth/login`, JSON.stringify({ email: BENCH_USER.email, password: BENCH_USER.password, remember: true }));
  if (!reply.ok) throw new Error(`login answered ${reply.status}: ${await reply.text()}`);
  const body = (await reply.json()) as { access_token: string; refresh_token: string; user: unknown };
  return { accessToken: body.access_token, refreshToken: body.refresh_token, userJson: JSON.stringify(body.user) };
}

/**
 * POST /api/workflow/import with a flow file's text (sent as it is: JSON.stringify of a deep nested flow
 * overflows the stack near 5,000 levels); answers the new workflow's id and the time the import took.
 */
export async function importFlow(origin: string, token: string, body: string): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const reply = await postJson(`${origin}/api/workflow/import`, body, token);
  if (reply.status !== 201) throw new Error(`import answered ${reply.status}: ${(await reply.text()).slice(0, 500)}`);
  const created = (await reply.json()) as { flow: { id: string } };
  return { id: created.flow.id, ms: performance.now() - started };
}

/**
 * A 1280×800 browser context signed in before the app's first line runs; only when absent, so a token
 * the app refreshed is kept across visits.
 */
export async function signedInContext(browser: Browser, session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ accessToken, refreshToken, userJson }) => {
      if (localStorage.getItem('accessToken')) return;
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('refreshToken', refreshToken);
      localStorage.setItem('user', userJson);
    },
    session,
  );
  return context;
}

/** Chromium as the browser tests launch it (never a downloaded one); BENCH_CHROMIUM_ARGS adds flags. */
export function launchBrowser(): Promise<Browser> {
  const extra = process.env.BENCH_CHROMIUM_ARGS ? process.env.BENCH_CHROMIUM_ARGS.split(' ') : [];
  return chromium.launch({ ...chromiumLaunchOptions, args: [...chromiumLaunchOptions.args, ...extra] });
}
