/**
 * Variables against the real server: a sensitive value is shown masked, is absent from every API reply
 * (checked with page.request, before and after a reload and an edit), is left out of the update when the
 * user edits something else, and goes away on delete. Also: a taken name refused under the field, the
 * workflow-scoped page, and axe scans of the list and the dialog in both themes.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';

const SECRET = 'sk_live_e2e_0123456789abcdef';

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => page.request.get(`/api${path}`, { headers }),
    post: (path: string, data: unknown) => page.request.post(`/api${path}`, { headers, data }),
  };
}


const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('button', { name: `Edit ${name}` }) });

test('a sensitive variable is masked, never sent back, kept on edit, and deleted', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/variables');
  await expect(page).toHaveTitle('Global Variables | Flowsmith');
  await expect(page.getByText('No variables yet')).toBeVisible();

  await page.getByRole('button', { name: 'New variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New variable' });
  await dialog.getByLabel('Name').fill('STRIPE_KEY');
  await dialog.getByLabel('Value').fill(SECRET);
  await dialog.getByLabel('Sensitive').check();
  await expect(dialog.getByText('Sensitive values cannot be viewed after saving')).toBeVisible();
  await dialog.getByLabel('Description (optional)').fill('Live payments');
  await dialog.getByRole('button', { name: 'Create variable' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('STRIPE_KEY created')).toBeVisible();

  await expect(row(page, 'STRIPE_KEY')).toContainText('••••••');
  await expect(page.locator('body')).not.toContainText(SECRET);

  await page.reload();
  await expect(row(page, 'STRIPE_KEY')).toContainText('••••••');
  await expect(page.locator('body')).not.toContainText(SECRET);

  const client = await api(page);
  const list = await client.get('/variables');
  expect(list.status()).toBe(200);
  const listText = await list.text();
  expect(listText).not.toContain(SECRET);
  const stored = JSON.parse(listText).data.find((v: { name: string }) => v.name === 'STRIPE_KEY');
  expect(stored).toMatchObject({ sensitive: true, scope: 'GLOBAL', description: 'Live payments' });
  expect('value' in stored).toBe(false);

  // Edit the description only: the value field starts empty and the update leaves `value` out.
  await page.getByRole('button', { name: 'Edit STRIPE_KEY' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit variable' });
  await expect(edit.getByLabel('Value')).toHaveValue('');
  await expect(edit.getByLabel('Value')).toHaveAccessibleDescription('Leave empty to keep the current value');
  await expect(edit.getByLabel('Sensitive')).toBeDisabled();
  await edit.getByLabel('Description (optional)').fill('Live payments, rotated');
  const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/variables/'));
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const body = (await put).postDataJSON();
  expect(body).toMatchObject({ name: 'STRIPE_KEY', sensitive: true, description: 'Live payments, rotated' });
  expect('value' in body).toBe(false);
  await expect(edit).toBeHidden();
  await expect(row(page, 'STRIPE_KEY')).toContainText('Live payments, rotated');
  await expect(row(page, 'STRIPE_KEY')).toContainText('••••••');

  // The server kept the value: switching the type to NUMBER with no new value checks the kept one.
  const kept = await page.request.put(`/api/variables/${stored.id}`, {
    headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` },
    data: { type: 'NUMBER' },
  });
  expect(kept.status()).toBe(400);
  expect(await kept.text()).not.toContain(SECRET);
  const after = await (await client.get('/variables')).text();
  expect(after).not.toContain(SECRET);

  await page.getByRole('button', { name: 'Actions for STRIPE_KEY' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete variable?' });
  await expect(confirm).toContainText('STRIPE_KEY will be deleted');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('STRIPE_KEY deleted')).toBeVisible();
  await expect(page.getByText('No variables yet')).toBeVisible();
  expect((await (await client.get('/variables')).json()).data).toEqual([]);
});

test('names are checked in the browser and by the server', async ({ page }) => {
  await signedInPage(page);
  const client = await api(page);
  expect((await client.post('/variables', { name: 'REGION', type: 'STRING', value: 'eu-west-1' })).status()).toBe(201);

  await page.goto('/variables');
  await expect(row(page, 'REGION')).toContainText('eu-west-1');
  await page.getByRole('button', { name: 'New variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New variable' });
  const name = dialog.getByLabel('Name');
  await name.fill('2nd-region');
  await name.blur();
  await expect(dialog.getByText('Use letters, digits and _; start with a letter or _')).toBeVisible();
  await name.fill('REGION');
  await dialog.getByLabel('Type').selectOption('NUMBER');
  await dialog.getByLabel('Value').fill('ten');
  await dialog.getByLabel('Value').blur();
  await expect(dialog.getByText(/^Enter a number/)).toBeVisible();
  await dialog.getByLabel('Value').fill('10');
  await dialog.getByRole('button', { name: 'Create variable' }).click();
  // 409 from the server, shown under the field it is about
  await expect(name).toHaveAccessibleDescription('A variable with this name already exists');
  await name.fill('MAX_RETRIES');
  await dialog.getByRole('button', { name: 'Create variable' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'MAX_RETRIES')).toContainText('10');
  await expect(row(page, 'MAX_RETRIES')).toContainText('Number');
});

test("a workflow's own variables live on its page", async ({ page }) => {
  await signedInPage(page);
  const client = await api(page);
  const created = await client.post('/workflow', { displayName: 'Invoice sync' });
  expect(created.status()).toBe(201);
  const { flow } = await created.json();

  await page.goto(`/workflows/${flow.id}/variables`);
  await expect(page).toHaveTitle('Workflow variables | Flowsmith');
  await expect(page.getByRole('heading', { level: 1, name: 'Workflow variables' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invoice sync' })).toHaveAttribute('href', `/workflows/${flow.id}/edit`);
  await page.getByRole('button', { name: 'Create variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New variable' });
  await dialog.getByLabel('Name').fill('BATCH_SIZE');
  await dialog.getByLabel('Type').selectOption('NUMBER');
  await dialog.getByLabel('Value').fill('50');
  await dialog.getByRole('button', { name: 'Create variable' }).click();
  await expect(row(page, 'BATCH_SIZE')).toContainText('50');

  const scoped = await (await client.get(`/variables?workflow_id=${flow.id}`)).json();
  expect(scoped.data.map((v: { name: string; scope: string }) => [v.name, v.scope])).toEqual([['BATCH_SIZE', 'WORKFLOW']]);
  expect((await (await client.get('/variables')).json()).data).toEqual([]);

  await page.goto('/variables');
  await expect(page.getByText('No variables yet')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`variables pass an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    const client = await api(page);
    await client.post('/variables', { name: 'PLAIN', type: 'JSON', value: '{"a":1}', description: 'Shown' });
    await client.post('/variables', { name: 'HIDDEN', type: 'STRING', value: 'x', sensitive: true, status: 'INACTIVE' });
    await page.goto('/variables');
    await expect(row(page, 'HIDDEN')).toBeVisible();
    await expectNoViolations(page, '/variables');
    await page.getByRole('button', { name: 'Edit HIDDEN' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit variable' })).toBeVisible();
    await expectNoViolations(page, 'edit dialog');
  });
}
