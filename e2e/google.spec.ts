/**
 * Google sign-in against the second server (GOOGLE_CLIENT_ID set, keys from the local stand-in in
 * google-idp.mjs). Google's script is replaced by a small fake with the same API surface; the ID token it
 * hands over is really signed, and the server really verifies it.
 */
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';

const idp = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3123) + 2}`;
const GSI = 'https://accounts.google.com/gsi/client';

function fakeGoogleScript(token: string): string {
  return `
    window.__gsi = { prompts: 0, initialized: 0 };
    window.google = { accounts: { id: {
      initialize(config) { window.__gsi.initialized++; window.__gsi.config = config; },
      renderButton(parent, options) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'Sign in with Google';
        button.dataset.size = options.size;
        button.onclick = () => window.__gsi.config.callback({ credential: ${JSON.stringify(token)}, select_by: 'btn' });
        parent.appendChild(button);
      },
      prompt() { window.__gsi.prompts++; },
      cancel() {},
    } } };`;
}

async function serveFakeGoogle(page: Page, token: string) {
  let loads = 0;
  await page.route(GSI, (route) => {
    loads++;
    return route.fulfill({ contentType: 'text/javascript', body: fakeGoogleScript(token) });
  });
  return () => loads;
}

async function signedToken(page: Page, params: Record<string, string>) {
  const reply = await page.request.get(`${idp}/sign?${new URLSearchParams(params)}`);
  return reply.text();
}

test('first Google sign-in creates the account and lands on the overview', async ({ page }) => {
  const email = uniqueEmail('google');
  await serveFakeGoogle(page, await signedToken(page, { email, name: 'Katherine Johnson', aud: 'e2e-google-client' }));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  const profile = await page.evaluate(async () => {
    const reply = await fetch('/api/profile', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return reply.json();
  });
  expect(profile).toMatchObject({ email, name: 'Katherine Johnson' });
});

test('the script loads once, and One Tap is offered on login, register and forgot', async ({ page }) => {
  const loads = await serveFakeGoogle(page, 'unused');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gsi: { prompts: number } }).__gsi.prompts)).toBeGreaterThan(0);
  await expect(page.getByText('Or continue with')).toBeVisible();

  for (const link of ['Sign up', 'Already have an account? Sign in', 'Forgot your password?']) {
    const before = await page.evaluate(() => (window as unknown as { __gsi: { prompts: number } }).__gsi.prompts);
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    if (link !== 'Already have an account? Sign in') {
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __gsi: { prompts: number } }).__gsi.prompts))
        .toBeGreaterThan(before);
    }
  }
  expect(loads()).toBe(1);
});

test('a token for another application is refused with a clear message', async ({ page }) => {
  await serveFakeGoogle(page, await signedToken(page, { email: uniqueEmail('intruder'), aud: 'someone-elses-client' }));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Google sign-in failed/);
  await expect(page).toHaveURL(/\/login$/);
});

test('when Google cannot be reached the area says so and the email sign-in still works', async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource: net::ERR_FAILED/);
  await page.route(GSI, (route) => route.abort('failed'));
  const user = { name: 'Offline Olga', email: uniqueEmail('offline'), password: 'no-google-needed' };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  // SPEC §8: a Google script or button error shows pages.login.googleLoginError, not a silently hidden area.
  await expect(page.locator('.google-area').getByRole('alert')).toHaveText('Google sign-in failed. Please try again.');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});
