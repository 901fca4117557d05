/**
 * API keys against the real server: a key made in /settings/api-keys (its secret shown once, copied with
 * the Copy button) is used with fetch from the page to list workflows and start a run that the engine
 * carries out; a read-only key is refused on a POST; a revoked key gets 401. Then the screen in light
 * and dark at 1280 and 375 px with axe scans of the list, the create dialog and the one-time secret.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const PASSWORD = 'correct-horse-battery';

interface Answer {
  status: number;
  body: { code?: string; data?: Array<{ id: string; displayName: string }>; id?: string; status?: string };
}

/** A call from the page itself, as a user's own script would make it, with the key as the bearer. */
function callWithKey(page: Page, secret: string, method: 'GET' | 'POST', path: string): Promise<Answer> {
  return page.evaluate(
    async ({ secret, method, path }) => {
      const response = await fetch(`/api${path}`, { method, headers: { Authorization: `Bearer ${secret}` } });
      return { status: response.status, body: await response.json() };
    },
    { secret, method, path },
  );
}

async function createKeyInUi(page: Page, name: string, access: 'Read only' | 'Read and write'): Promise<string> {
  await page.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('radio', { name: access }).check();
  await dialog.getByLabel('Expires').selectOption({ label: '30 days' });
  await dialog.getByLabel('Current password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await expect(shown).toContainText('It will not be shown again');
  const secret = await shown.getByLabel('Your new API key').inputValue();
  expect(secret).toMatch(/^fsk_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByLabel('Try it')).toHaveValue(new RegExp(`Bearer ${secret}" http://127\\.0\\.0\\.1:\\d+/api/workflow/paginate`));
  return secret;
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a key made in the UI lists workflows and starts a run; read-only keys only read; revoked keys stop', async ({ page, context, allowConsole }) => {
  // The refusals below are the point of the test; Chromium logs each refused fetch.
  allowConsole(/the server responded with a status of 403/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInPage(page);
  const flowId = await importFlow(page, 'Answer', [codeStep('step_1', 'Answer', 'export const code = async () => 6 * 7;', {})]);

  await page.goto('/settings/api-keys');
  await expect(page).toHaveTitle('API Keys | Flowsmith');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  const origin = new URL(page.url()).origin;
  await expect(page.locator('.empty-state')).toContainText(`curl -H "Authorization: Bearer fsk_…" ${origin}/api/workflow/paginate`);
  await expect(page.getByRole('link', { name: 'API reference', exact: true })).toHaveAttribute('href', '/settings/api-reference');

  const secret = await createKeyInUi(page, 'CI deploy', 'Read and write');
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(row(page, 'CI deploy')).toContainText(secret.slice(0, 12));
  await expect(row(page, 'CI deploy')).toContainText('Read and write');
  await expect(row(page, 'CI deploy')).toContainText('Active');
  await expect(row(page, 'CI deploy')).toContainText('Never');
  await expect(page.locator('body')).not.toContainText(secret);

  const listed = await callWithKey(page, secret, 'GET', '/workflow/paginate');
  expect(listed.status).toBe(200);
  expect(listed.body.data?.map((flow) => flow.displayName)).toEqual(['Answer']);
  const started = await callWithKey(page, secret, 'POST', `/workflow/run/${flowId}`);
  expect(started.status).toBe(202);
  await expect
    .poll(async () => (await callWithKey(page, secret, 'GET', `/workflow/execution/${started.body.id}`)).body.status, { timeout: 20_000 })
    .toBe('SUCCEEDED');

  await page.reload();
  await expect(row(page, 'CI deploy')).toContainText(/\d+[smh] ago/);

  const reader = await createKeyInUi(page, 'Dashboard reader', 'Read only');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row(page, 'Dashboard reader')).toContainText('Read only');
  expect((await callWithKey(page, reader, 'GET', '/workflow/paginate')).status).toBe(200);
  const refused = await callWithKey(page, reader, 'POST', `/workflow/run/${flowId}`);
  expect(refused).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });

  await page.getByRole('button', { name: 'Revoke CI deploy' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke API key?' });
  await expect(confirm).toContainText('CI deploy');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('CI deploy revoked')).toBeVisible();
  await expect(row(page, 'CI deploy')).toHaveCount(0);
  const revoked = await callWithKey(page, secret, 'GET', '/workflow/paginate');
  expect(revoked).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
  expect((await callWithKey(page, reader, 'GET', '/workflow/paginate')).status).toBe(200);
});


test('the API keys screen in light and dark at 1280 and 375 px passes axe scans', async ({ page }) => {
  // Six axe scans and two keys: slower than one default timeout on a busy machine.
  test.setTimeout(120_000);
  await signedInPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/api-keys');
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
    await expectNoViolations(page, `${theme} list`);
    await createKeyInUi(page, `Key ${theme}`, 'Read only');
    await expectNoViolations(page, `${theme} secret`);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'New API key' }).click();
    await page.getByRole('dialog', { name: 'New API key' }).getByLabel('Expires').selectOption({ label: 'On a date…' });
    await expectNoViolations(page, `${theme} create dialog`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The phone layout: the table keeps name, status and Revoke; nothing sticks out sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(row(page, `Key ${theme}`)).toContainText('Read only');
    await expect(page.getByRole('button', { name: `Revoke Key ${theme}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoViolations(page, `${theme} list at 375 px`);
  }
});
