/**
 * Issue 17 against the real server: the templates gallery (save a workflow as a template with tags typed
 * by keyboard, find it by search and tag, edit, delete, use someone else's public one; the steps card
 * sized to its rows), then schedules (pause keeps the row as Paused, Resume) and a workflow's variables
 * reached from the list and the editor, each screen scanned with axe in light and dark at 1280 and 375 px
 * with screenshots kept in the test's output folder.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test, uniqueEmail } from './fixtures.ts';
import { codeStep, importFlow } from './flow-seeds.ts';


/** Light and dark at 1280 and 375 px: axe, and a screenshot of each kept with the test's output. */
async function scanEverywhere(page: Page, path: string, ready: (page: Page) => Promise<void>, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(path);
      await ready(page);
      await expectNoViolations(page, `${name} ${theme} ${width}`);
      // No sideways scroll on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`${name}-${theme}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const bearer = async (page: Page) => ({ Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` });

/** Another user, through the API only, with a public template of their own. */
async function someoneElsesPublicTemplate(page: Page, title: string) {
  const user = { name: 'Other Author', email: uniqueEmail('other-author'), password: 'correct-horse-battery' };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const flow = await page.request.post('/api/workflow', { headers, data: { displayName: title } });
  const flowId = ((await flow.json()) as { flow: { id: string } }).flow.id;
  const template = await page.request.post('/api/templates', {
    headers,
    data: { workflow_id: flowId, title, description: 'Posts failed invoices to a channel', tags: ['slack', 'alerts'], visibility: 'PUBLIC' },
  });
  expect(template.status()).toBe(201);
}

const card = (page: Page, title: string) => page.getByRole('list', { name: 'Templates' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test('templates gallery: save with tags by keyboard, find by search and tag, edit, delete, use a public one', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInPage(page, 'Gallery Owner');
  const add = codeStep('step_1', 'Add totals', 'export const code = async (inputs) => inputs.a + 1;', { a: 1 });
  const send = codeStep('step_2', 'Send summary', 'export const code = async () => "sent";', {});
  await importFlow(page, 'Nightly orders', [add, send]);
  await someoneElsesPublicTemplate(page, 'Slack alerts');

  // Save as template from the row menu, by keyboard: Enter in the tags field adds a chip, never submits.
  await page.goto('/workflows');
  const trigger = page.getByRole('button', { name: 'Actions for Nightly orders' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Save as template' })).toBeVisible();
  await page.keyboard.type('Save'); // the menu's typeahead
  await expect(page.getByRole('menuitem', { name: 'Save as template' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  await dialog.getByLabel('Description').fill('Totals the day’s orders and sends a summary.');
  await dialog.getByLabel('Tags').focus();
  for (const tag of ['orders', 'nightly', 'finance']) {
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
  }
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('list', { name: '3 of 10 chosen' })).toBeVisible();
  await page.keyboard.press('Backspace'); // removes the last chip
  await expect(dialog.getByRole('button', { name: 'Remove tag finance' })).toHaveCount(0);
  await dialog.getByLabel('Visibility').selectOption('PUBLIC');
  await expectNoViolations(page, 'save as template dialog');
  await dialog.screenshot({ path: test.info().outputPath('save-template-dialog.png') });
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template "Nightly orders" saved')).toBeVisible();

  // The gallery, from the sidebar.
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page).toHaveTitle('Templates | Flowsmith');
  await expect(card(page, 'Nightly orders')).toContainText('by you');
  await expect(card(page, 'Slack alerts')).toContainText('by Other Author');
  await expect(card(page, 'Slack alerts').getByRole('button', { name: 'Actions for Slack alerts' })).toHaveCount(0);

  // Search narrows on the server, and lives in the address.
  await page.getByLabel('Search templates').fill('total');
  await expect(page).toHaveURL(/[?&]q=total/);
  await expect(card(page, 'Slack alerts')).toHaveCount(0);
  await expect(card(page, 'Nightly orders')).toBeVisible();
  await page.getByLabel('Search templates').fill('');
  await expect(card(page, 'Slack alerts')).toBeVisible();
  // A tag on a card filters by it; the filter is a removable chip.
  await card(page, 'Slack alerts').getByRole('button', { name: 'Filter by tag slack' }).click();
  await expect(page).toHaveURL(/[?&]tag=slack/);
  await expect(card(page, 'Nightly orders')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove filter tag slack' }).click();
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Mine' }).click();
  await expect(card(page, 'Slack alerts')).toHaveCount(0);
  await expect(card(page, 'Nightly orders')).toBeVisible();

  // Edit one's own: title, a tag added by Enter, a tag removed.
  await page.getByRole('button', { name: 'Actions for Nightly orders' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit template' });
  await edit.getByLabel('Title').fill('Daily order totals');
  await edit.getByRole('button', { name: 'Remove tag nightly' }).click();
  await edit.getByLabel('Tags').fill('daily');
  await edit.getByLabel('Tags').press('Enter');
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Template "Daily order totals" updated')).toBeVisible();
  await expect(card(page, 'Daily order totals').getByRole('list', { name: /^Tags of/ })).toHaveText(/orders\s*daily/);

  // Its page: the steps card is as tall as its three rows, not a screenful.
  await card(page, 'Daily order totals').getByRole('link', { name: 'Daily order totals', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Daily order totals', level: 1 })).toBeVisible();
  const outline = page.getByRole('region', { name: 'Steps of Daily order totals' });
  await expect(outline.getByText('Send summary')).toBeVisible();
  expect((await outline.boundingBox())!.height).toBeLessThanOrEqual(3 * 48 + 4);
  await page.screenshot({ path: test.info().outputPath('template-page-1280.png'), fullPage: true });
  await page.getByRole('link', { name: 'Templates' }).first().click();

  // Delete one's own after a confirmation.
  await page.getByRole('button', { name: 'Actions for Daily order totals' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this template?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Template "Daily order totals" deleted')).toBeVisible();
  await expect(card(page, 'Daily order totals')).toHaveCount(0);
  await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Mine' }).click();
  await expect(page.getByText('No templates match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(card(page, 'Slack alerts')).toBeVisible();

  await scanEverywhere(page, '/templates', (p) => expect(card(p, 'Slack alerts')).toBeVisible(), 'templates');

  // Someone else's public template makes a workflow of one's own.
  await card(page, 'Slack alerts').getByRole('button', { name: 'Use template Slack alerts' }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByText('Created "Slack alerts" from the template')).toBeVisible();
});

test('schedules: pause keeps the row as Paused, Resume turns it on; a workflow’s variables from the list and the editor', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInPage(page, 'Schedule Owner');
  const headers = await bearer(page);
  const imported = await page.request.post('/api/workflow/import', {
    headers,
    data: {
      displayName: 'Morning digest',
      schemaVersion: '1',
      trigger: {
        name: 'trigger',
        type: 'PIECE_TRIGGER',
        displayName: 'Every day',
        valid: true,
        settings: { pieceName: '@activepieces/piece-schedule', pieceVersion: '0.1.5', triggerName: 'every_day', input: { hour_of_the_day: 7, timezone: 'UTC', run_on_weekends: true }, inputUiInfo: {} },
      },
    },
  });
  expect(imported.status()).toBe(201);
  const { flow, version } = (await imported.json()) as { flow: { id: string }; version: { id: string } };
  expect((await page.request.post('/api/workflow/publish', { headers, data: { workflow_id: flow.id, version_id: version.id } })).status()).toBe(200);
  expect((await page.request.put('/api/workflow/status', { headers, data: { id: flow.id, status: 'ENABLED' } })).status()).toBe(200);

  await page.goto('/schedules');
  const scheduleRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Morning digest' }) });
  await expect(scheduleRow).toContainText('Daily at 07:00');
  await expect(scheduleRow).toContainText(/in \d+[mh]|in under 1m/);
  await scheduleRow.getByRole('button', { name: 'Pause Morning digest' }).click();
  await page.getByRole('alertdialog', { name: 'Pause this schedule?' }).getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Morning digest paused')).toBeVisible();
  await expect(scheduleRow).toContainText('Paused');
  await page.reload();
  await expect(scheduleRow).toContainText('Paused');
  await scanEverywhere(page, '/schedules', (p) => expect(p.getByRole('button', { name: 'Resume Morning digest' })).toBeVisible(), 'schedules');
  // Resume from the keyboard.
  await scheduleRow.getByRole('button', { name: 'Resume Morning digest' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Morning digest resumed')).toBeVisible();
  await expect(scheduleRow.getByRole('button', { name: 'Pause Morning digest' })).toBeVisible();
  await expect(scheduleRow).not.toContainText('Paused');

  // The workflow's own variables from the list's row menu; the name's limit stated.
  await page.goto('/workflows');
  await page.getByRole('button', { name: 'Actions for Morning digest' }).click();
  await page.getByRole('menuitem', { name: 'Variables' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${flow.id}/variables$`));
  await expect(page.getByRole('heading', { name: 'Workflow variables' })).toBeVisible();
  await page.getByRole('button', { name: 'New variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'New variable' });
  await dialog.getByLabel('Name').fill(`A${'b'.repeat(64)}`);
  await dialog.getByLabel('Name').blur();
  await expect(dialog.getByText('Name must be at most 64 characters')).toBeVisible();
  await page.keyboard.press('Escape');

  // …and from the editor's workflow settings menu.
  await page.goto(`/workflows/${flow.id}/edit`);
  await page.getByRole('button', { name: 'Workflow settings' }).click();
  await page.getByRole('menuitem', { name: 'Variables' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/${flow.id}/variables$`));
  await expect(page.getByRole('link', { name: 'Morning digest' })).toBeVisible();
});
