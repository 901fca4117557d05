/**
 * /settings/api-reference against the real server: the page renders the routes of the server's own
 * OpenAPI document (read here with page.request), follows the app's theme when it is toggled, fits 1280
 * and 375 px without the page scrolling sideways, passes axe in both themes, and makes same-origin
 * requests only (no fonts or scripts from elsewhere). The reference viewer's chunk loads on this page
 * only, never with the login page.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';

const SHOTS = '.tmp/screenshots';

/**
 * One exception, RapiDoc's own: the inputs of its 'Try' panel have no label (the parameter's name is in
 * the cell beside them, not tied to them), inside RapiDoc's nested shadow roots where the app cannot add
 * one. Only the `label` rule, and only on nodes inside <rapi-doc>, is let through; everything else of the
 * renderer (contrast in both themes included) is scanned like the app.
 */
const isRapiDocUnlabelledInput = (id: string, target: string) => id === 'label' && target.startsWith('rapi-doc,');

/** The page does not scroll sideways (RapiDoc may scroll inside its own frame). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the reference renders the API document, follows the theme, fits 1280 and 375 px, and passes axe', async ({ page }) => {
  // Four axe scans of a long page, and the viewer's chunk parsed on a shared machine.
  test.setTimeout(90_000);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin) elsewhere.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInPage(page);

  const document = await (await page.request.get('/api/openapi.json')).json();
  const summaries: string[] = ['List workflows, a page at a time', 'Create a variable', 'Sign in with email and password', 'Start a run (queued)'];
  for (const summary of summaries) expect(JSON.stringify(document.paths)).toContain(summary);

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'API Reference', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/api-reference$/);
  await expect(page).toHaveTitle('API Reference | Flowsmith');
  await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
  await expect(page.getByText(/^curl -H "Authorization: Bearer fsk_…" http:\/\/127\.0\.0\.1:\d+\/api\/workflow\/paginate$/)).toBeVisible();

  const reference = page.locator('rapi-doc');
  // Playwright's locators reach into RapiDoc's (open) shadow root. The first wait covers the chunk's download.
  await expect(reference.getByText(summaries[0]!).first()).toBeVisible({ timeout: 30_000 });
  for (const summary of summaries) await expect(reference.getByText(summary).first()).toBeVisible();
  await expect(reference).toHaveAttribute('theme', 'light');
  await page.screenshot({ path: `${SHOTS}/api-reference-light-1280.png` });
  await expectNoViolations(page, 'light 1280', { ignore: isRapiDocUnlabelledInput });
  await expectNoSidewaysScroll(page);

  // An operation, picked in the reference's menu, shows its parameters and replies.
  await reference.locator('[data-content-id="get-/workflow/paginate"]').click();
  await expect(reference.getByRole('heading', { name: 'List workflows, a page at a time' })).toBeVisible();
  await expect(reference.getByText('/workflow/paginate', { exact: true })).toBeVisible();
  await expect(reference.getByText('limit', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(reference).toHaveAttribute('theme', 'dark');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim());
  await expect(reference).toHaveAttribute('bg-color', darkBackground);
  await page.screenshot({ path: `${SHOTS}/api-reference-dark-1280.png` });
  await expectNoViolations(page, 'dark 1280', { ignore: isRapiDocUnlabelledInput });

  await page.setViewportSize({ width: 375, height: 800 });
  // A phone gets the list of calls by path (RapiDoc hides its menu there), not the page scrolling sideways.
  await expect(reference).toHaveAttribute('render-style', 'view');
  await expect(reference.getByText('/variables/{id}', { exact: true }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/api-reference-dark-375.png` });
  await expectNoViolations(page, 'dark 375', { ignore: isRapiDocUnlabelledInput });
  // On a phone the theme toggle is in the navigation sheet.
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: 'Toggle theme' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Navigation' })).toHaveCount(0);
  await expect(reference).toHaveAttribute('theme', 'light');
  await page.screenshot({ path: `${SHOTS}/api-reference-light-375.png` });
  await expectNoViolations(page, 'light 375', { ignore: isRapiDocUnlabelledInput });

  expect(elsewhere).toEqual([]);
});

test('the document is public, and the viewer loads on its page only', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  // No sign-in needed for the document itself; the page asks for it.
  const reply = await page.request.get('/api/openapi.json');
  expect(reply.status()).toBe(200);
  expect(reply.headers()['cache-control']).toBe('public, max-age=300');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const loginScripts = scripts.length;
  await page.goto('/settings/api-reference');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fapi-reference$/);

  await signedInPage(page);
  const before = new Set(scripts);
  await page.goto('/settings/api-reference');
  await expect(page.locator('rapi-doc').getByText('Create a variable').first()).toBeVisible({ timeout: 30_000 });
  const loaded = scripts.filter((url) => !before.has(url));
  // The viewer's chunk came with this page, and the login page did not load it.
  const viewerChunks: string[] = [];
  for (const url of loaded) {
    const text = await (await page.request.get(url)).text();
    if (text.includes('rapi-doc')) viewerChunks.push(url);
  }
  expect(viewerChunks.length).toBeGreaterThan(0);
  expect(scripts.slice(0, loginScripts).some((url) => viewerChunks.includes(url))).toBe(false);
});
