import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium when the machine has it; otherwise the browser Playwright already installed.
// Tests never download a browser.
const debianChromium = '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3123);
/** A second server with Google sign-in configured, against a local stand-in for Google's keys. */
const googlePort = port + 1;
const googleIdpPort = port + 2;
export const GOOGLE_CLIENT_ID = 'e2e-google-client';
const dataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/** How the tests and the UI benches (bench/ui/setup.ts) launch Chromium. */
export const chromiumLaunchOptions = {
  executablePath: existsSync(debianChromium) ? debianChromium : undefined,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const serverEnv = (listenPort: number, dir: string): Record<string, string> => ({
  PORT: String(listenPort),
  HOST: '127.0.0.1',
  DATA_DIR: dir,
  DATABASE_URL: '',
  APP_URL: `http://127.0.0.1:${listenPort}`,
  LOG_LEVEL: 'warn',
  SKIP_BUILD: '1',
  // every e2e request comes from 127.0.0.1: keep the per-IP limits out of the way of the per-test users
  RATE_LIMIT_LOGIN_IP_MAX: '10000',
  RATE_LIMIT_FORGOT_IP_MAX: '10000',
  RATE_LIMIT_REGISTER_IP_MAX: '10000',
  RATE_LIMIT_REFRESH_IP_MAX: '10000',
  RATE_LIMIT_GOOGLE_IP_MAX: '10000',
  // HTTP steps in e2e specs call a server the spec starts on 127.0.0.1 (settings-connections.spec.ts)
  HTTP_PIECE_ALLOW_PRIVATE_NETWORKS: 'true',
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  // On CI a test that fails is run once more; one that then passes is counted 'flaky' and named in
  // `npm test`'s summary, so it is seen and fixed, not hidden. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '.tmp/test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every action of every test: kept for failures only, it still cost a quarter of the
    // browser suite's time on 2 cores (2.6 → 2.0 minutes for three specs). CI records the retry of a failed
    // test; locally, `npx playwright test --trace retain-on-failure` records them when wanted.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /google\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'google',
      testMatch: /google\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${googlePort}` },
    },
  ],
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: serverEnv(port, dataDir),
    },
    {
      command: 'node e2e/google-idp.mjs',
      url: `http://127.0.0.1:${googleIdpPort}/certs`,
      reuseExistingServer: false,
      env: { GOOGLE_IDP_PORT: String(googleIdpPort) },
    },
    {
      command: 'node scripts/start.mjs',
      url: `http://127.0.0.1:${googlePort}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...serverEnv(googlePort, `${dataDir}-google`),
        GOOGLE_CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${googleIdpPort}/certs`,
      },
    },
  ],
});
