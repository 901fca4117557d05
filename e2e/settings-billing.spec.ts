/**
 * The System screen and the billing screens against the real server: invoice addresses added, checked
 * (VAT format per country, in the browser and by the server), edited, made default and deleted in the
 * UI; the plan and usage from real runs; the billing pages reached from Billing with Billing kept
 * current; the 3-D Secure return replacing its history entry and saying what came back; System showing
 * this server and following a run without a reload. One test walks every screen in light and dark at
 * 1280 and 375 px with a screenshot of each and axe scans (light at both widths, dark at 1280).
 */
import { readFileSync } from 'node:fs';
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { runToEnd } from './analytics-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => page.request.get(`/api${path}`, { headers }),
    post: (path: string, data: unknown) => page.request.post(`/api${path}`, { headers, data }),
  };
}


/** A workflow with one code step, run once to its end (setup through the API). */
async function runOnce(page: Page) {
  const flow = await importFlow(page, 'Counted run', [codeStep('step_1', 'One', 'export const code = async () => 1', {})]);
  expect(await runToEnd(page, flow)).toBe('SUCCEEDED');
}

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('invoice addresses are added, checked, edited, made default and deleted', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInPage(page);
  await page.goto('/settings/invoice-addresses');
  await expect(page).toHaveTitle('Invoice Addresses | Flowsmith');
  await expect(page.getByText('No invoice addresses yet')).toBeVisible();

  await page.getByRole('button', { name: 'New address' }).click();
  let dialog = page.getByRole('dialog', { name: 'New invoice address' });
  await dialog.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Company (optional)').fill('Analytical Engines GmbH');
  await dialog.getByLabel('Address', { exact: true }).fill('Hauptstraße 1');
  await dialog.getByLabel('Postal code (optional)').fill('10115');
  await dialog.getByLabel('City').fill('Berlin');
  await dialog.getByLabel('Country').selectOption('DE');
  await expect(dialog.getByLabel('VAT id (optional)')).toHaveAccessibleDescription('VAT id for Germany, e.g. DE123456789');
  // The browser checks the format for the chosen country before anything is sent.
  await dialog.getByLabel('VAT id (optional)').fill('DE 1234');
  await dialog.getByLabel('VAT id (optional)').blur();
  await expect(dialog.getByText('Not a valid VAT id for Germany (e.g. DE123456789)')).toBeVisible();
  await dialog.getByLabel('VAT id (optional)').fill('de 123 456 789');
  await expect(dialog.getByLabel('Default address')).toBeChecked();
  await expect(dialog.getByLabel('Default address')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Address for Ada Lovelace added')).toBeVisible();
  const ada = card(page, 'Ada Lovelace');
  await expect(ada).toContainText('Default');
  await expect(ada).toContainText('10115 Berlin');
  await expect(ada).toContainText('Germany');
  await expect(ada).toContainText('DE123456789');

  // A second address; the server refuses what the browser let through (an empty name after trimming
  // is caught here; a VAT id of another EU state is a format error for this country too).
  await page.getByRole('button', { name: 'New address' }).click();
  dialog = page.getByRole('dialog', { name: 'New invoice address' });
  await dialog.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await dialog.getByLabel('Address', { exact: true }).fill('Keizersgracht 1');
  await dialog.getByLabel('City').fill('Amsterdam');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog.getByText('Choose a country', { exact: true }).last()).toBeVisible();
  await dialog.getByLabel('Country').selectOption('NL');
  await dialog.getByLabel('VAT id (optional)').fill('NL123456789B01');
  await expect(dialog.getByLabel('Default address')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Grace Hopper')).toContainText('Netherlands');
  await expect(page.getByText('2 of 10 addresses')).toBeVisible();

  // Edit: the country changes, so the kept VAT id no longer fits it and must change too.
  await page.getByRole('button', { name: 'Edit address of Grace Hopper' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit invoice address' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Grace Hopper');
  await dialog.getByLabel('Country').selectOption('BE');
  await expect(dialog.getByText('Not a valid VAT id for Belgium (e.g. BE0123456789)')).toBeVisible();
  await dialog.getByLabel('VAT id (optional)').fill('0123.456.789');
  await dialog.getByLabel('City').fill('Brussels');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Grace Hopper')).toContainText('Brussels');
  await expect(card(page, 'Grace Hopper')).toContainText('BE0123456789');

  await page.getByRole('button', { name: 'Make the address of Grace Hopper the default' }).click();
  await expect(page.getByText('The address of Grace Hopper is now the default')).toBeVisible();
  await expect(card(page, 'Grace Hopper')).toContainText('Default');
  await expect(card(page, 'Ada Lovelace')).not.toContainText('Default');
  // The default is listed first.
  await expect(page.getByRole('list', { name: 'Invoice addresses' }).getByRole('listitem').first()).toContainText('Grace Hopper');

  await page.getByRole('button', { name: 'Delete address of Grace Hopper' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete address?' });
  await expect(confirm).toContainText('The oldest remaining address becomes the default.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(card(page, 'Grace Hopper')).toHaveCount(0);
  await expect(card(page, 'Ada Lovelace')).toContainText('Default');

  // What the server holds is what the screen shows.
  const stored = await (await (await api(page)).get('/billing/invoice-addresses')).json();
  expect(stored.data.map((a: { name: string; vatId: string; isDefault: boolean }) => [a.name, a.vatId, a.isDefault])).toEqual([['Ada Lovelace', 'DE123456789', true]]);
});

test('billing shows the plan and real usage, leads to its pages, and a 3-D Secure return says what came back', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInPage(page);
  await runOnce(page);
  await page.goto('/settings/billing');
  await expect(page).toHaveTitle('Billing | Flowsmith');
  await expect(page.getByText('Free', { exact: true })).toBeVisible();
  await expect(page.getByText('paid plans are not offered', { exact: false })).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Runs today' })).toHaveAttribute('aria-valuetext', '1 of 1,000 runs');
  await expect(page.getByText('1 (0 enabled, no limit)')).toBeVisible();

  const billingLink = page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing', exact: true });
  const pages: Array<[string, string, RegExp]> = [
    ['Pricing', '/settings/pricing', /Paid plans are not offered/],
    ['Billing History', '/settings/billing-history', /No invoices yet/],
    ['Balance Transactions', '/settings/balance-transactions', /No balance transactions/],
  ];
  for (const [title, path, text] of pages) {
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
    await expect(billingLink).toHaveAttribute('aria-current', 'page');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
  }
  await page.getByRole('link', { name: /^Pricing/ }).click();
  // The plan table is built from the server's limits.
  const table = page.getByRole('table', { name: 'What the Free plan includes' });
  await expect(table.getByRole('row', { name: /Runs per day/ })).toContainText('1,000');
  await expect(table.getByRole('row', { name: /Code step memory/ })).toContainText('64 MB');

  await page.getByRole('link', { name: 'Payment Cards', exact: true }).click();
  await expect(page.getByText('No payment provider configured')).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);

  // The issuer's page returns with its outcome; the callback gives way to Billing and Back skips it.
  await page.goto('/billing/3ds-callback?payment_intent=pi_3Nx9&payment_intent_client_secret=pi_3Nx9_secret_abc&redirect_status=succeeded');
  await expect(page).toHaveURL(/\/settings\/billing$/);
  const toast = page.getByText('Card authentication succeeded (pi_3Nx9). No payment provider is configured, so nothing was charged.');
  await expect(toast).toBeVisible();
  await expect(page.locator('body')).not.toContainText('secret_abc');
  await page.goBack();
  await expect(page).toHaveURL(/\/settings\/payment-cards$/);

  // Whatever the query holds is shown as plain, bounded text.
  await page.goto(`/billing/3ds-callback?redirect_status=${encodeURIComponent('<img src=x onerror=alert(1)>'.repeat(5))}`);
  await expect(page).toHaveURL(/\/settings\/billing$/);
  const odd = page.getByText(
    'The card authentication page returned an unrecognised status “<img src=x onerror=alert(1)><img src=x o…”. No payment provider is configured, so nothing was charged.',
  );
  await expect(odd).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
});

test('System shows this server, its limits and its worker, and follows a run without a reload', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/settings/system');
  await expect(page).toHaveTitle('System | Flowsmith');
  const server = page.getByRole('region', { name: 'Server' });
  await expect(server).toContainText(VERSION);
  await expect(server).toContainText('Embedded PostgreSQL (PGlite)');
  await expect(page.getByRole('meter', { name: 'Your runs today' })).toHaveAttribute('aria-valuetext', '0 of 1,000 runs');
  const workers = page.getByRole('table', { name: 'Worker processes' });
  await expect(workers.getByRole('row').filter({ hasText: 'This process' })).toContainText('of 5');
  const limits = page.getByRole('region', { name: 'Engine limits' });
  await expect(limits).toContainText('CODE_TIMEOUT_MS');
  await expect(limits).toContainText('10 s');
  // Never the database's address or the data directory.
  await expect(page.locator('main')).not.toContainText('pglite/');
  await expect(page.locator('main')).not.toContainText('postgres://');

  await runOnce(page);
  // The screen reads the system again every few seconds.
  await expect(page.getByRole('meter', { name: 'Your runs today' })).toHaveAttribute('aria-valuetext', '1 of 1,000 runs', { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'System', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('every billing and system screen passes an axe scan in light and dark, at 1280 and 375 px', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signedInPage(page);
  const client = await api(page);
  await client.post('/billing/invoice-addresses', { name: 'Ada Lovelace', company: 'Analytical Engines GmbH', line1: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE', vatId: 'DE123456789' });
  await client.post('/billing/invoice-addresses', { name: 'Grace Hopper', line1: '1 Main Street', line2: 'Suite 200', city: 'Arlington', postalCode: 'VA 22201', country: 'US' });
  const screens: Array<[string, string]> = [
    ['/settings/system', 'System'],
    ['/settings/billing', 'Billing'],
    ['/settings/pricing', 'Pricing'],
    ['/settings/billing-history', 'Billing History'],
    ['/settings/balance-transactions', 'Balance Transactions'],
    ['/settings/payment-cards', 'Payment Cards'],
    ['/settings/invoice-addresses', 'Invoice Addresses'],
  ];
  // Colours depend on the theme and layout on the width: axe scans light at both widths and dark at
  // 1280; every combination is screenshotted and checked for sideways scrolling.
  const scanned = (theme: string, width: number) => theme === 'light' || width === 1280;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      for (const [path, title] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        // Loaded, not loading: no skeleton or 'Loading' status left.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
        if (scanned(theme, width)) await expectNoViolations(page, `${path} ${theme} ${width}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: testInfo.outputPath(`${theme}-${width}${path.replaceAll('/', '-')}.png`), fullPage: true });
      }
      await page.goto('/settings/invoice-addresses');
      await page.getByRole('button', { name: 'Edit address of Ada Lovelace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit invoice address' });
      await expect(dialog).toBeVisible();
      if (scanned(theme, width)) await expectNoViolations(page, `address dialog ${theme} ${width}`);
      await page.screenshot({ path: testInfo.outputPath(`${theme}-${width}-address-dialog.png`) });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
  }
});
