/**
 * Issue 17, executions a power user manages, against the real server and engine: a failed run's toast in
 * the editor says what failed in words; a run's page shows each step as it starts (a spinner while a
 * Delay step waits) and as it ends; the list shows how each run started (Source column) and filters by
 * it through the address; finished runs are selected by keyboard and deleted together after a confirm
 * naming the count. The list and a run's page are looked at in light and dark at 1280 and 375 px, axe
 * finding nothing.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { openEditor } from './editor-helpers.ts';
import { codeStep, importFlow, type NestedStep } from './flow-seeds.ts';

const toast = (page: Page, title: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: title });

const delayStep = (name: string, displayName: string, seconds: number): NestedStep => ({
  name,
  type: 'PIECE',
  displayName,
  valid: true,
  skip: false,
  settings: { pieceName: '@activepieces/piece-delay', pieceVersion: '0.3.0', actionName: 'delay_for', input: { delayFor: seconds, unit: 'seconds' }, inputUiInfo: {} },
});

async function lookAt(page: Page, name: string) {
  await expectNoViolations(page, name);
  await page.screenshot({ path: `.tmp/screens/${name}.png`, fullPage: true });
}

async function startRun(page: Page, flowId: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const run = await page.request.post(`/api/workflow/run/${flowId}`, { headers: { Authorization: `Bearer ${token}` }, data: { payload: {} } });
  expect(run.status()).toBe(202);
  return ((await run.json()) as { id: string }).id;
}

test('executions: failure in words, live steps, source column and filter, bulk delete', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInPage(page);
  const breaker = await importFlow(page, 'Breaker', [codeStep('step_1', 'Explode', "export const code = async () => { throw new Error('boom') }", {})]);
  const slow = await importFlow(page, 'Slow steps', [
    codeStep('step_1', 'Prepare', 'export const code = async () => ({ ready: true })', {}),
    delayStep('step_2', 'Wait a bit', 3),
    codeStep('step_3', 'Finish', 'export const code = async () => ({ done: true })', {}),
  ]);

  // The editor's Run: the toast names the failed step and its error.
  await openEditor(page, breaker);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(toast(page, 'Run failed')).toContainText("'Explode' (step_1) failed: boom", { timeout: 15_000 });

  // A run's page while it runs: the Delay step shows as running before it finishes, then every step ends.
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('data-live-state', 'authenticated');
  const slowRun = await startRun(page, slow);
  await page.goto(`/executions/${slowRun}`);
  const waiting = page.locator('.step-item').filter({ hasText: 'Wait a bit' });
  await expect(waiting.getByRole('img', { name: 'Running' })).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.step-item').filter({ hasText: 'Prepare' }).getByRole('img', { name: 'Succeeded' })).toBeVisible();
  await expect(page.locator('.run-facts')).toContainText('Running');
  await expect(page.locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(waiting.getByRole('img', { name: 'Succeeded' })).toBeVisible();
  await expect(page.locator('.step-item').filter({ hasText: 'Finish' }).getByRole('img', { name: 'Succeeded' })).toBeVisible();
  await expect(page.locator('.run-facts')).toContainText('Manual');

  // The list: how each run started, a retry made from the failed run's row menu.
  await page.goto('/executions');
  const table = page.getByRole('table', { name: 'Executions' });
  const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(rowOf('Slow steps')).toContainText('Manual');
  await rowOf('Breaker').getByRole('button', { name: /^Actions for run/ }).click();
  await page.getByRole('menuitem', { name: 'Retry from failed step' }).click();
  await expect(toast(page, 'Retry started from the failed step')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Retry' })).toHaveCount(1, { timeout: 15_000 });

  // The Source filter is the server's and lives in the address.
  await page.getByLabel('Source', { exact: true }).selectOption('retry');
  await expect(page).toHaveURL(/source=retry/);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the retry
  await page.reload();
  await expect(page.getByLabel('Source', { exact: true })).toHaveValue('retry');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Source', { exact: true }).selectOption('');
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('row').filter({ hasText: 'Running' })).toHaveCount(0, { timeout: 15_000 });

  // Two runs selected by keyboard, deleted together after a confirm naming the count.
  const boxes = table.getByRole('checkbox', { name: /^Select run / });
  await boxes.nth(0).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // the workflow link
  await boxes.nth(1).focus();
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: 'Selected runs' });
  await expect(bar).toContainText('2 runs selected');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      localStorage.setItem('theme', t);
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, `executions-${theme}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await bar.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete 2 runs?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete 2 runs' }).click();
  await expect(toast(page, '2 runs deleted')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(bar).toBeHidden();

  // The run page that is left, looked at, then deleted from its own page.
  await table.getByRole('row').nth(1).getByRole('link').click();
  await expect(page.locator('.run-facts')).toContainText('Started by');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await lookAt(page, `execution-${theme}-${width}`);
    }
  }
  await page.getByRole('button', { name: 'Delete run' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this run?' }).getByRole('button', { name: 'Delete run' }).click();
  await expect(page).toHaveURL(/\/executions$/);
  await expect(page.getByText('No executions yet')).toBeVisible();
});
