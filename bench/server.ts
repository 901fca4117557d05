/**
 * Server figures for `npm run bench`: starts a real server on a fresh embedded database and measures what
 * people feel: how fast it starts, how long sign-in and authenticated calls take, and how much JavaScript
 * the login page downloads. Repeat a run to see the spread; the machine is 2 cores.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { summarise, type Summary } from './stats.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'flowsmith-bench-'));

function config() {
  const { port: _port, host: _host, ...options } = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_LOGIN_EMAIL_MAX: '100000',
    RATE_LIMIT_LOGIN_IP_MAX: '100000',
  });
  return options;
}


async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, performance.now() - start];
}

export interface ServerFigures {
  startNewDatabaseMs: number;
  startExistingDatabaseMs: number;
  loginMs: Summary;
  profileMs: Summary;
  refreshMs: Summary;
  loginPageJs: { transferredKiB: number; decodedKiB: number; files: number } | null;
}


async function measureServer(figures: Partial<ServerFigures>) {
  const [first, coldMs] = await timed(() => createServer(config()));
  await first.close();
  const [server, warmMs] = await timed(() => createServer(config()));
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  figures.startNewDatabaseMs = coldMs;
  figures.startExistingDatabaseMs = warmMs;

  const post = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const user = { name: 'Bench', email: 'bench@example.com', password: 'bench-password-1' };
  await post('/auth/register', user);

  const logins: number[] = [];
  let tokens = { access_token: '', refresh_token: '' };
  for (let i = 0; i < 20; i++) {
    const [reply, ms] = await timed(() => post('/auth/login', { email: user.email, password: user.password }));
    tokens = (await reply.json()) as typeof tokens;
    logins.push(ms);
  }
  figures.loginMs = summarise(logins);

  const profiles: number[] = [];
  for (let i = 0; i < 500; i++) {
    const [reply, ms] = await timed(() => fetch(`${base}/profile`, { headers: { authorization: `Bearer ${tokens.access_token}` } }));
    await reply.arrayBuffer();
    profiles.push(ms);
  }
  figures.profileMs = summarise(profiles);

  const refreshes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const [reply, ms] = await timed(() => post('/auth/refresh', { refresh_token: tokens.refresh_token }));
    tokens = (await reply.json()) as typeof tokens;
    refreshes.push(ms);
  }
  figures.refreshMs = summarise(refreshes);
  return { server, origin: base.replace(/\/api$/, '') };
}

/** What a first visit to /login downloads, measured in a real Chromium from the server's own dist/. */
async function measureLoginPage(origin: string, figures: Partial<ServerFigures>) {
  figures.loginPageJs = null;
  if (!existsSync('dist/index.html')) return;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<{ url: string; transferred: number; decoded: number }> = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script' || !request.url().startsWith(origin)) return;
      const sizes = await request.sizes();
      const body = await (await request.response())?.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: request.url(), transferred: sizes.responseBodySize, decoded: body?.length ?? 0 });
    });
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle' });
    const kib = (n: number) => (n / 1024).toFixed(0);
    const transferred = scripts.reduce((n, s) => n + s.transferred, 0);
    const decoded = scripts.reduce((n, s) => n + s.decoded, 0);
    figures.loginPageJs = { transferredKiB: Number(kib(transferred)), decodedKiB: Number(kib(decoded)), files: scripts.length };
  } finally {
    await browser.close();
  }
}

export async function measureServerFigures(): Promise<ServerFigures> {
  const figures: Partial<ServerFigures> = {};
  const { server, origin } = await measureServer(figures);
  try {
    await measureLoginPage(origin, figures);
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures as ServerFigures;
}

export function printServerFigures(f: ServerFigures): void {
  const line = (s: Summary) => `p50 ${s.p50.toFixed(2)} ms · p95 ${s.p95.toFixed(2)} ms · n=${s.n}`;
  console.log('Server');
  console.log(`  start, new database (create + migrate)  ${f.startNewDatabaseMs.toFixed(0)} ms`);
  console.log(`  start, existing database                ${f.startExistingDatabaseMs.toFixed(0)} ms`);
  console.log(`  POST /api/auth/login (argon2id verify)  ${line(f.loginMs)}`);
  console.log(`  GET /api/profile                        ${line(f.profileMs)}`);
  console.log(`  POST /api/auth/refresh (rotation)       ${line(f.refreshMs)}`);
  const js = f.loginPageJs;
  console.log(
    js
      ? `  login page JavaScript                   ${js.transferredKiB} KiB transferred (brotli), ${js.decodedKiB} KiB decoded, ${js.files} files`
      : '  login page JavaScript                   skipped (run npm run build first)',
  );
}
