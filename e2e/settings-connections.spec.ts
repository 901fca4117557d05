/**
 * Connections against the real server and engine: a connection made in the UI is tested against a local
 * server that checks its Authorization header, chosen in an HTTP step's settings, used by 'Test step' and
 * by a run (the server answers 200 only with the right header), never shown back (the page, the API's
 * replies, the step's output); deleting it first lists the workflow that uses it. Then the screen and its
 * dialogs in light and dark, at 1280 and 375 px, with an axe scan of each.
 *
 * The server runs with HTTP_PIECE_ALLOW_PRIVATE_NETWORKS=true (playwright.config.ts), so steps may call
 * the loopback server this file starts.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectServer, openEditor, selectStep, stepSettings } from './editor-helpers.ts';
import { importFlow, type NestedStep } from './flow-seeds.ts';

const SECRET = 'e2e-bearer-7d3f9a1c5b';

let target: Server;
let targetUrl: string;
const authorizations: string[] = [];

test.beforeAll(async () => {
  target = createServer((request, response) => {
    const authorization = request.headers.authorization ?? '';
    authorizations.push(authorization);
    const ok = authorization === `Bearer ${SECRET}`;
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    // Says back what it got, as careless servers do: the step's output must not show it.
    response.end(JSON.stringify({ authorized: ok, youSent: authorization }));
  });
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/check`;
});

test.afterAll(async () => {
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => page.request.get(`/api${path}`, { headers }),
    post: (path: string, data: unknown) => page.request.post(`/api${path}`, { headers, data }),
  };
}


const httpStep = (name: string, displayName: string, input: Record<string, unknown>): NestedStep => ({
  name,
  type: 'PIECE',
  displayName,
  valid: true,
  skip: false,
  settings: { pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', input, inputUiInfo: {} },
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${name}` }) });

async function rowAction(page: Page, name: string, action: 'Test' | 'Edit' | 'Delete') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a connection made in the UI authorizes an HTTP step, is never shown back, and deleting it lists its workflow first', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInPage(page);
  await page.getByRole('navigation').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Connections', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/connections$/);
  await expect(page).toHaveTitle('Connections | Flowsmith');
  await expect(page.getByText('No connections yet')).toBeVisible();

  await page.getByRole('button', { name: 'New connection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New connection' });
  await dialog.getByLabel('Name').fill('Echo API');
  await dialog.getByLabel('Type').selectOption('BEARER_TOKEN');
  await dialog.getByLabel('Token').fill('abc');
  await dialog.getByLabel('Token').blur();
  await expect(dialog.getByLabel('Token')).toHaveAccessibleDescription(/Use at least 4 characters/);
  await dialog.getByLabel('Token').fill(SECRET);
  await dialog.getByRole('button', { name: 'Create connection' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Echo API created')).toBeVisible();
  await expect(row(page, 'Echo API')).toContainText('Bearer token');
  await expect(page.locator('body')).not.toContainText(SECRET);

  // The test call reaches the local server with the header.
  await rowAction(page, 'Echo API', 'Test');
  const tester = page.getByRole('dialog', { name: 'Test Echo API' });
  await tester.getByLabel('URL').fill(targetUrl);
  await tester.getByRole('button', { name: 'Send test request' }).click();
  await expect(tester.getByRole('status')).toContainText('Connected');
  await expect(tester.getByRole('status')).toContainText('HTTP 200');
  await tester.getByRole('button', { name: 'Done' }).click();
  expect(authorizations.at(-1)).toBe(`Bearer ${SECRET}`);

  // An HTTP step chooses it in its settings; 'Test step' and a run both get through.
  const flowId = await importFlow(page, 'Call the echo', [httpStep('step_1', 'Call echo', { method: 'GET', url: targetUrl })]);
  await openEditor(page, flowId);
  await selectStep(page, 'step_1');
  const connection = stepSettings(page).getByLabel('Connection');
  await expect(connection.locator('option', { hasText: 'Echo API (Bearer token)' })).toBeAttached();
  await connection.selectOption('Echo API');
  await expectServer(page, flowId, (saved) => expect(saved.steps.get('step_1')?.settings).toMatchObject({ input: { connection: 'Echo API' } }));
  const testSection = stepSettings(page).getByRole('region', { name: 'Test step' });
  await testSection.getByRole('button', { name: 'Test step' }).click();
  await expect(testSection.getByRole('status')).toContainText('Succeeded');
  await expect(testSection.locator('.json-viewer-body')).toContainText('"authorized": true');
  await expect(testSection.locator('.json-viewer-body')).toContainText('Bearer [redacted]');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const runDetails = page.getByRole('complementary', { name: 'Run details' });
  await expect(runDetails.locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(page.locator('body')).not.toContainText(SECRET);

  const client = await api(page);
  for (const path of ['/connections', `/workflow/${flowId}`, `/workflow/${flowId}/samples`, '/workflow/executions']) {
    expect(await (await client.get(path)).text(), path).not.toContain(SECRET);
  }

  // Deleting it says where it is used, links the workflow, and asks for a deliberate 'Delete anyway'.
  await page.goto('/settings/connections');
  await rowAction(page, 'Echo API', 'Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete connection?' });
  await expect(confirm).toContainText('One workflow uses it');
  await expect(confirm.getByRole('link', { name: 'Call the echo' })).toHaveAttribute('href', `/workflows/${flowId}/edit`);
  await expect(confirm.getByRole('listitem')).toContainText('Call echo');
  await confirm.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(page.getByText('Echo API deleted')).toBeVisible();
  await expect(page.getByText('No connections yet')).toBeVisible();
  expect((await (await client.get('/connections')).json()).data).toEqual([]);
});

test('the connections screen and its dialogs in light and dark, at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInPage(page);
  const client = await api(page);
  expect((await client.post('/connections', { name: 'Billing service', type: 'CUSTOM_HEADERS', headers: [{ name: 'X-Tenant', value: 'tenant-1' }, { name: 'X-Signature', value: 'sig-123456' }] })).status()).toBe(201);
  expect((await client.post('/connections', { name: 'Payments', type: 'BASIC_AUTH', username: 'shop', password: 'pa55word' })).status()).toBe(201);
  await importFlow(page, 'Nightly invoices', [httpStep('step_1', 'Post invoices', { method: 'GET', url: 'https://example.com/', connection: 'Payments' })]);

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/settings/connections');
      await expect(row(page, 'Payments')).toBeVisible();
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
      await expectNoViolations(page, `list ${theme} ${width}`);

      await page.getByRole('button', { name: 'Edit Billing service' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit connection' });
      await expect(edit.getByLabel('Header 2 name')).toHaveValue('X-Signature');
      await expect(edit.getByLabel('Header 2 value')).toHaveValue('');
      await expectNoViolations(page, `edit ${theme} ${width}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      await rowAction(page, 'Payments', 'Delete');
      const confirm = page.getByRole('alertdialog', { name: 'Delete connection?' });
      await expect(confirm.getByRole('link', { name: 'Nightly invoices' })).toBeVisible();
      await expectNoViolations(page, `delete ${theme} ${width}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
    }
  }
});
