/**
 * Shared test fixtures: every page fails its test on a console error or an uncaught exception, because
 * "no console errors" is part of done. Network noise that Chromium logs for requests the test itself
 * aborts (e.g. the Google script on this closed network) is allowed through `allowConsole`.
 */
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Chromium logs every 4xx reply to the console. A refused login (401), a taken email (409) or a rate
 * limit (429) is the app working, not an error in it, so those lines are not counted.
 */
const EXPECTED_HTTP_REFUSAL = /^Failed to load resource: the server responded with a status of (400|401|409|429)/;

interface Fixtures {
  consoleErrors: string[];
  allowConsole: (pattern: RegExp) => void;
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(errors);
  },
  // auto: every test checks the console, whether or not it mentions this fixture
  allowConsole: [
    async ({ consoleErrors }, use) => {
      const allowed: RegExp[] = [];
      await use((pattern) => void allowed.push(pattern));
      const unexpected = consoleErrors.filter((text) => !allowed.some((p) => p.test(text)) && !EXPECTED_HTTP_REFUSAL.test(text));
      expect(unexpected, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
/** A fresh address per call, so tests never collide on EXISTING_USER or rate limits. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function registerThroughUi(page: Page, user: { name: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signInThroughUi(page: Page, user: { email: string; password: string }) {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

let seeded = 0;

/**
 * Registers and signs in through the API, puts the session where the app keeps it (localStorage, SPEC
 * §3's keys) before the app's first script runs, and opens the dashboard. Signing in through the login
 * page is auth.spec.ts's to test; here it cost every test a second page load (about a second on 2 cores).
 */
export async function signedInPage(page: Page, name = 'Grace Hopper') {
  const user = { name, email: uniqueEmail('signed-in'), password: 'correct-horse-battery' };
  const registered = await page.request.post('/api/auth/register', { data: { name, email: user.email, password: user.password } });
  expect(registered.status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const { access_token, refresh_token, user: signedIn } = (await login.json()) as { access_token: string; refresh_token: string; user: unknown };
  // Once per page (marked in its sessionStorage), on the app's origin only: a test that signs out and
  // reloads stays signed out.
  seeded += 1;
  await page.addInitScript(
    ({ origin, mark, session }) => {
      if (location.origin !== origin || sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    },
    { origin: new URL(login.url()).origin, mark: `e2e-session-${seeded}`, session: { accessToken: access_token, refreshToken: refresh_token, user: JSON.stringify(signedIn) } },
  );
  await page.goto('/');
  // The shell and the dashboard load lazily: wait until they are there, so keys and clicks land.
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  return user;
}
