/**
 * Issue 17, the list and versions part, as journeys on the real server: two versions compared step by
 * step and the older one restored as the draft; the workflow list's long names, columns, server-side
 * sort, bulk disable, move and delete, the draft's disabled switch with its reason, and /workflows/create
 * leaving nothing behind when abandoned. Each journey is looked at in light and dark at 1280 and 375 px
 * (screenshots in test-results) with an axe scan.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { addStep, canvas, expectSaved, openEditor, serverWorkflow, type StoredStep } from './editor-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';


async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test setup reads replies loosely
  const json = async (reply: Awaited<ReturnType<Page['request']['get']>>, status = 200): Promise<any> => {
    expect(reply.status(), await reply.text()).toBe(status);
    return reply.json();
  };
  return {
    get: async (path: string) => json(await page.request.get(`/api${path}`, { headers })),
    post: async (path: string, data: unknown, status = 200) => json(await page.request.post(`/api${path}`, { headers, data }), status),
    publish: async (id: string) => {
      const { version } = await json(await page.request.get(`/api/workflow/${id}`, { headers }));
      return json(await page.request.post('/api/workflow/publish', { headers, data: { workflow_id: id, version_id: version.id } }));
    },
  };
}

/** Sets the theme the app reads at start and reloads into it. */
async function look(page: Page, theme: 'light' | 'dark', width: number) {
  await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('two versions compared step by step, then the older one restored as the draft', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signedInPage(page);
  const client = await api(page);
  const id = await importFlow(page, 'Order sync', [
    codeStep('step_1', 'Fetch', 'export const code = async () => 1;', { url: 'https://shop.example/orders' }),
    codeStep('step_2', 'Notify', 'export const code = async () => 2;', {}),
  ]);
  await client.publish(id);
  // v2: step_1 renamed with another url, step_2 removed (an autosave onto the published version makes the draft).
  const { version } = await client.get(`/workflow/${id}`);
  const steps = (version.steps as StoredStep[])
    .filter((step) => step.name !== 'step_2')
    .map((step) => (step.name === 'step_1' ? { ...step, displayName: 'Fetch orders', next: null, settings: { ...step.settings, input: { url: 'https://shop.example/v2/orders' } } } : step));
  await client.post('/workflow/version/autosave', { version_id: version.id, configuration: { displayName: 'Order sync', trigger: version.trigger, steps }, display_name: 'Order sync' });

  await openEditor(page, id);
  await page.getByRole('button', { name: 'Versions' }).click();
  await page.getByRole('button', { name: 'Compare versions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare versions' });
  await expect(dialog.getByLabel('From')).toContainText('v1 · Published');
  await expect(dialog.getByRole('status').filter({ hasText: 'added' })).toHaveText('0 added · 1 removed · 1 changed · 0 moved');
  const changed = dialog.getByRole('listitem').filter({ hasText: 'step_1' });
  await expect(changed).toContainText('Changed');
  await expect(changed.getByRole('term')).toHaveText(['displayName', 'settings.input.url']);
  await expect(changed.getByRole('definition').first()).toContainText('"Fetch"');
  await expect(changed.getByRole('definition').first()).toContainText('"Fetch orders"');
  await expect(changed.getByRole('definition').nth(1)).toContainText('"https://shop.example/v2/orders"');
  const removed = dialog.getByRole('listitem').filter({ hasText: 'step_2' });
  await expect(removed).toContainText('Removed');
  await expect(removed).toContainText('Was after “Fetch orders” in the main chain.');

  // Swapped (keyboard: the select takes arrows), the same difference reads the other way round.
  await dialog.getByLabel('From').focus();
  await page.keyboard.press('ArrowUp');
  await dialog.getByLabel('To').selectOption({ index: 1 });
  await expect(dialog.getByRole('status').filter({ hasText: 'added' })).toHaveText('1 added · 0 removed · 1 changed · 0 moved');
  await dialog.getByLabel('From').selectOption({ index: 1 });
  await dialog.getByLabel('To').selectOption({ index: 0 });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await look(page, theme, width);
      await expect(canvas(page)).toHaveAttribute('data-ready', 'true');
      // On a phone the top bar's panels are in its 'More actions' menu (issue 17).
      if (width > 400) await page.getByRole('button', { name: 'Versions' }).click();
      else {
        await page.getByRole('button', { name: 'More actions' }).click();
        await page.getByRole('menuitem', { name: 'Versions' }).click();
      }
      await page.getByRole('button', { name: 'Compare versions' }).click();
      await expect(dialog.getByRole('listitem').first()).toBeVisible();
      expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`compare-${theme}-${width}.png`) });
      await expectNoViolations(page, `compare ${theme} ${width}`);
      if (theme === 'dark' && width === 375) break;
      await page.keyboard.press('Escape');
    }
  }

  await dialog.getByRole('button', { name: 'Restore “From” as draft' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Use as draft?' });
  await confirm.getByRole('button', { name: 'Use as draft' }).click();
  await expect(page.getByText('You are editing a new draft')).toBeVisible();
  const restored = await serverWorkflow(page, id);
  expect(restored.version.state).toBe('DRAFT');
  expect(restored.version.steps.map((step) => [step.name, step.displayName])).toEqual([
    ['step_1', 'Fetch'],
    ['step_2', 'Notify'],
  ]);
});

const LONG_NAME = 'Quarterly revenue reconciliation between the billing ledger and the data warehouse, with alerts';

test('the list: long names, columns, sort, bulk disable, move and delete, the draft switch, and no abandoned drafts', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signedInPage(page);
  const client = await api(page);
  const long = await importFlow(page, LONG_NAME, [codeStep('step_1', 'Add', 'export const code = async () => 1;', {})]);
  const bravo = await importFlow(page, 'Bravo', []);
  const charlie = await importFlow(page, 'Charlie', []);
  await client.post('/workflow', { displayName: 'Alpha draft' }, 201);
  for (const flow of [long, bravo, charlie]) await client.publish(flow);
  await client.post('/workflow/bulk', { action: 'ENABLE', ids: [bravo, charlie] });
  await client.post(`/workflow/run/${long}`, {}, 202);
  const folder = (await client.post('/folders', { displayName: 'Archive' }, 201)).id as string;

  // /workflows/create, abandoned: the list gains nothing.
  await page.goto('/workflows/create');
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/);
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true');
  await page.goto('/workflows');
  await expect(page.getByText('1–4 of 4')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Untitled', exact: true })).toHaveCount(0);

  // The long name: cut with an ellipsis, the whole of it on hover.
  const longLink = page.getByRole('link', { name: LONG_NAME, exact: true });
  await expect(longLink).toHaveAttribute('title', LONG_NAME);
  expect(await longLink.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await noSidewaysScroll(page)).toBe(true);
  const longRow = page.getByRole('row').filter({ has: longLink });
  await expect(longRow).toContainText('Manual');
  await expect(longRow.getByRole('link', { name: `Last run of ${LONG_NAME}` })).toBeVisible();

  // The never-published draft's switch is disabled and says why.
  const draftSwitch = page.getByRole('switch', { name: 'Enable Alpha draft', exact: true });
  await expect(draftSwitch).toBeDisabled();
  await expect(draftSwitch).toHaveAccessibleDescription('Publish this workflow before enabling it');

  // Sort on the server, kept in the URL; a second click turns it round.
  const names = () => page.locator('.workflow-name-link').allTextContents();
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await expect.poll(names).toEqual(['Alpha draft', 'Bravo', 'Charlie', LONG_NAME]);
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect.poll(names).toEqual([LONG_NAME, 'Charlie', 'Bravo', 'Alpha draft']);
  await page.reload();
  await expect.poll(names).toEqual([LONG_NAME, 'Charlie', 'Bravo', 'Alpha draft']);

  // Bulk: disable two (the checkbox takes Space), move them, then delete them after a confirmation naming the count.
  await page.getByRole('checkbox', { name: 'Select Bravo' }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('checkbox', { name: 'Select Charlie' }).check();
  const bar = page.getByRole('region', { name: 'Selected workflows' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('Disabled 2 workflows')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Enable Bravo', exact: true })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Enable Charlie', exact: true })).toHaveAttribute('aria-checked', 'false');

  await page.getByRole('checkbox', { name: 'Select all workflows on this page' }).check();
  await page.getByRole('checkbox', { name: 'Select Alpha draft' }).uncheck();
  await page.getByRole('checkbox', { name: `Select ${LONG_NAME}` }).uncheck();
  await bar.getByRole('button', { name: 'Move to folder…' }).click();
  const move = page.getByRole('dialog', { name: 'Move to folder' });
  await move.getByLabel('Folder').selectOption(folder);
  await move.getByRole('button', { name: 'Move 2 workflows' }).click();
  await expect(page.getByText('Moved 2 workflows')).toBeVisible();
  const archived = await client.get(`/workflow/paginate?folderId=${folder}`);
  expect(archived.data.map((row: { displayName: string }) => row.displayName).sort()).toEqual(['Bravo', 'Charlie']);

  await page.getByRole('checkbox', { name: 'Select Bravo' }).check();
  await page.getByRole('checkbox', { name: 'Select Charlie' }).check();
  await bar.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 workflows?' });
  await confirm.getByRole('button', { name: 'Delete 2 workflows' }).click();
  await expect(page.getByText('Deleted 2 workflows')).toBeVisible();
  await expect.poll(names).toEqual([LONG_NAME, 'Alpha draft']);

  // Visited and edited, the new workflow is kept and listed.
  await page.goto('/workflows/create');
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true');
  await addStep(page, 'Add a step after Select Trigger', 'Code');
  await expectSaved(page);
  await page.goto('/workflows');
  await expect(page.getByRole('link', { name: 'Untitled', exact: true })).toHaveCount(1);

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await look(page, theme, width);
      await expect(longLink).toBeVisible();
      await page.getByRole('checkbox', { name: 'Select Alpha draft' }).check();
      await expect(bar).toBeVisible();
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`list-${theme}-${width}.png`), fullPage: true });
      await expectNoViolations(page, `list ${theme} ${width}`);
    }
  }
});
