/**
 * The workflow screens end to end against the real server: the list (create, rename, open, paginate,
 * search, import, delete), the row actions (rename, duplicate, export that re-imports, status), the
 * editor showing an imported flow, and a template shared publicly by one user, previewed by a guest and used by
 * a second user.
 */
import { readFile } from 'node:fs/promises';
import { expectNoViolations } from './axe.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signedInPage, signInThroughUi, test, uniqueEmail } from './fixtures.ts';
import { fitView } from './editor-helpers.ts';

const FIXTURE = 'e2e/fixtures/activepieces-flow.json';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Calls the API as the signed-in user of `page` (its token is in localStorage). */
async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    create: async (displayName: string) => {
      const reply = await page.request.post('/api/workflow', { headers, data: { displayName } });
      expect(reply.status()).toBe(201);
      return ((await reply.json()) as { flow: { id: string } }).flow.id;
    },
    importFixture: async () => {
      const reply = await page.request.post('/api/workflow/import', { headers, data: JSON.parse(await readFile(FIXTURE, 'utf8')) });
      expect(reply.status()).toBe(201);
      return ((await reply.json()) as { flow: { id: string } }).flow.id;
    },
  };
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

/** Picks `action` in the menu of the (first) row named `name`. */
async function rowAction(page: Page, name: string, action: string) {
  await row(page, name).first().getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('create, rename, open, paginate, search, import and delete workflows', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/workflows');
  await expect(page).toHaveTitle('Workflows | Flowsmith');
  await expect(page.getByText('No workflows yet')).toBeVisible();

  // New → a fresh workflow opens in the editor; /workflows/create is replaced in the history.
  await page.getByRole('main').getByRole('link', { name: 'New workflow' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${UUID.source}/edit$`));
  await expect(page.getByRole('heading', { name: 'Untitled', level: 1 })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Rename workflow' }).click();
  await page.getByLabel('Workflow name').fill('Send invoices');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Send invoices', level: 1 })).toBeVisible();
  // In the editor a rename is an edit like any other: undoable, and saved by autosave.
  await expect(page.getByTestId('save-indicator')).toHaveText('Saved');
  await expect(page).toHaveTitle('Send invoices | Flowsmith');

  await page.getByRole('link', { name: 'Workflows', exact: true }).first().click();
  await expect(page).toHaveURL(/\/workflows$/);
  await row(page, 'Send invoices').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Send invoices', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(row(page, 'Send invoices')).toBeVisible();

  // 11 more through the API: 12 in all, 10 a page, newest first.
  const client = await api(page);
  for (let i = 1; i <= 11; i++) await client.create(`Batch ${String(i).padStart(2, '0')}`);
  await page.reload();
  await expect(page.getByText('1–10 of 12')).toBeVisible();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(row(page, 'Batch 11')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('11–12 of 12')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(row(page, 'Send invoices')).toBeVisible();
  await expect(row(page, 'Batch 01')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByLabel('Search workflows').fill('batch 1');
  await expect(page.getByText('1–2 of 2')).toBeVisible();
  await expect(row(page, 'Batch 10')).toBeVisible();
  await expect(row(page, 'Batch 11')).toBeVisible();
  await page.getByLabel('Status').selectOption('ENABLED');
  await expect(page.getByText('No workflows match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('1–10 of 12')).toBeVisible();

  // Import an Activepieces export: the new workflow is listed and shows its steps.
  await page.locator('input[type="file"]').first().setInputFiles(FIXTURE);
  await expect(page.getByText('Imported "Sync new orders"')).toBeVisible();
  await expect(page.getByText('1–10 of 13')).toBeVisible();
  await row(page, 'Sync new orders').getByRole('link').click();
  const canvas = page.getByTestId('flow-canvas');
  await expect(canvas).toHaveAttribute('data-ready', 'true');
  await fitView(page);
  for (const text of ['Catch Webhook', 'For each order', 'Big orders', 'Has coupon', 'Otherwise', 'Summarise']) {
    await expect(canvas.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expect(canvas.getByText('Add a step to this branch').first()).toBeVisible();
  // Judged on import, whatever the file claims: its Slack step (no such piece here) needs configuration,
  // its complete code step the file marks invalid does not.
  await expect(canvas.locator('.step-card', { hasText: 'Notify the team' }).getByText('Needs configuration')).toHaveCount(1);
  await expect(canvas.locator('.step-card', { hasText: 'Flag big order' }).getByText('Needs configuration')).toHaveCount(0);
  await expect(canvas.locator('.step-card', { hasText: 'Save order' }).getByText('Skipped')).toHaveCount(1);
  await page.goBack();

  // Delete asks first, with the focus on Cancel.
  await rowAction(page, 'Sync new orders', 'Delete');
  const dialog = page.getByRole('alertdialog', { name: 'Delete workflow?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted "Sync new orders"')).toBeVisible();
  await expect(row(page, 'Sync new orders')).toHaveCount(0);
  await expect(page.getByText('1–10 of 12')).toBeVisible();
});

test('row actions: rename, duplicate, status, and an export that imports back', async ({ page }, testInfo) => {
  await signedInPage(page);
  await (await api(page)).importFixture();
  await page.goto('/workflows');

  // The menu works from the keyboard: Enter opens it, Escape closes it and gives the focus back.
  const trigger = row(page, 'Sync new orders').getByRole('button', { name: 'Actions for Sync new orders' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Export JSON' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(trigger).toBeFocused();

  const downloading = page.waitForEvent('download');
  await rowAction(page, 'Sync new orders', 'Export JSON');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('sync-new-orders.json');
  const file = testInfo.outputPath('sync-new-orders.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8')) as { displayName: string; trigger: { nextAction: { name: string } } };
  expect(exported.displayName).toBe('Sync new orders');
  expect(exported.trigger.nextAction.name).toBe('step_1');

  await page.locator('input[type="file"]').first().setInputFiles(file);
  await expect(page.getByText('Imported "Sync new orders"')).toBeVisible();
  await expect(row(page, 'Sync new orders')).toHaveCount(2);

  await rowAction(page, 'Sync new orders', 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename workflow' });
  await rename.getByLabel('Name').fill('');
  await expect(rename.getByText('Name is required')).toBeVisible();
  await rename.getByLabel('Name').fill('Orders to the warehouse');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Orders to the warehouse')).toBeVisible();

  await rowAction(page, 'Orders to the warehouse', 'Duplicate');
  await expect(row(page, 'Orders to the warehouse Copy')).toBeVisible();
  await expect(page.getByText('1–3 of 3')).toBeVisible();

  // A workflow with nothing published cannot be enabled: its switch is disabled and says why (issue 17).
  const toggle = page.getByRole('switch', { name: 'Enable Orders to the warehouse', exact: true });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(toggle).toBeDisabled();
  await expect(toggle).toHaveAccessibleDescription('Publish this workflow before enabling it');
});

test('an unknown workflow shows "Workflow not found" with a way back', async ({ page, allowConsole }) => {
  allowConsole(/status of 404/);
  await signedInPage(page);
  await page.goto('/workflows/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByRole('heading', { name: 'Workflow not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to workflows' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
});

/** Registers a second user through the API and signs in on the login page the app is showing. */
async function signInAsNewUser(page: Page, request: APIRequestContext) {
  const user = { name: 'Second User', email: uniqueEmail('template-user'), password: 'correct-horse-battery' };
  expect((await request.post('/api/auth/register', { data: user })).status()).toBe(201);
  await signInThroughUi(page, user);
}

test('a public template: saved by one user, previewed by a guest, used by another user', async ({ page, browser }) => {
  await signedInPage(page, 'Template Author');
  await (await api(page)).importFixture();
  await page.goto('/workflows');

  await rowAction(page, 'Sync new orders', 'Save as template');
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Sync new orders');
  await dialog.getByLabel('Description').fill('Copies new shop orders into the database.');
  await dialog.getByLabel('Category').fill('Sales');
  // Tags are chips (issue 17): pasted with commas, the 11th refused; Backspace removes them again.
  await dialog.getByLabel('Tags').fill(Array.from({ length: 11 }, (_, i) => `tag${i + 1}`).join(', '));
  await dialog.getByLabel('Tags').blur();
  await expect(dialog.getByText('At most 10 tags')).toBeVisible();
  await dialog.getByLabel('Tags').fill('');
  for (let i = 0; i < 10; i++) await dialog.getByLabel('Tags').press('Backspace');
  await expect(dialog.getByRole('button', { name: /^Remove tag/ })).toHaveCount(0);
  await dialog.getByLabel('Tags').fill('orders, shop, database');
  await dialog.getByLabel('Visibility').selectOption('PUBLIC');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template "Sync new orders" saved')).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/use-template/${UUID.source}$`));
  const templateId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Sync new orders', level: 1 })).toBeVisible();

  // A guest, in a browser of their own.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestErrors: string[] = [];
  guest.on('pageerror', (error) => guestErrors.push(error.message));
  await guest.goto(`/template-preview/${templateId}`);
  await expect(guest.getByRole('heading', { name: 'Sync new orders', level: 1 })).toBeVisible();
  await expect(guest).toHaveTitle('Sync new orders | Flowsmith');
  await expect(guest.getByText('Copies new shop orders into the database.')).toBeVisible();
  await expect(guest.getByRole('list', { name: 'Tags' }).getByText('database')).toBeVisible();
  await expect(guest.getByText('Big orders', { exact: true })).toBeVisible();
  const signIn = guest.getByRole('link', { name: 'Sign in to use this template' });
  await expect(signIn).toHaveAttribute('href', `/login?redirect=/workflows/use-template/${templateId}`);
  await signIn.click();
  await expect(guest).toHaveURL(/\/login\?redirect=/);

  // The guest signs up and in, comes back to the template and uses it.
  await signInAsNewUser(guest, guest.request);
  await expect(guest).toHaveURL(new RegExp(`/workflows/use-template/${templateId}$`));
  await guest.getByRole('button', { name: 'Use template' }).click();
  await expect(guest).toHaveURL(new RegExp(`/workflows/${UUID.source}/edit$`));
  await expect(guest.getByText('Created "Sync new orders" from the template')).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Sync new orders', level: 1 })).toBeVisible();
  // The editor opens on the first step that needs configuration ('Save order': the file's Postgres piece
  // is not in the catalogue); the whole flow is there.
  await expect(guest.getByTestId('flow-canvas')).toHaveAttribute('data-ready', 'true');
  await fitView(guest);
  await expect(guest.getByText('Flag big order')).toBeVisible();
  expect(guestErrors).toEqual([]);
  await guestContext.close();
});


for (const theme of ['light', 'dark'] as const) {
  test(`the workflow screens with data pass an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    const id = await (await api(page)).importFixture();
    await page.goto('/workflows');
    await expect(row(page, 'Sync new orders')).toBeVisible();
    await expectNoViolations(page, 'list');
    await row(page, 'Sync new orders').getByRole('button', { name: 'Actions for Sync new orders' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
    await expectNoViolations(page, 'row menu');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoViolations(page, 'delete dialog');
    await page.keyboard.press('Escape');
    await rowAction(page, 'Sync new orders', 'Save as template');
    await expect(page.getByRole('dialog', { name: 'Save as template' })).toBeVisible();
    await expectNoViolations(page, 'template dialog');
    await page.keyboard.press('Escape');
    await page.goto(`/workflows/${id}/edit`);
    await expect(page.getByTestId('flow-canvas')).toHaveAttribute('data-ready', 'true');
    await fitView(page);
    await expect(page.getByText('Big orders', { exact: true })).toBeVisible();
    await expectNoViolations(page, 'editor');
  });
}
