/**
 * Run limits in the browser (issue 15): 'Retry on failure' set in a code step's settings is saved and
 * obeyed by a run, whose details list each attempt; a workflow's 'Concurrent runs' is set from the list's
 * row menu and shown again. One pass in light and dark at 1280 and 375 px with axe scans of both.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectSaved, openEditor, selectStep, stepSettings } from './editor-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const BOOM_CODE = "export const code = async () => { throw new Error('boom') }";
const runDetails = (page: Page) => page.getByRole('complementary', { name: 'Run details' });
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });


test('a step retried on failure shows its attempts, and a workflow’s concurrent runs are set from the list', async ({ page }) => {
  await signedInPage(page);
  const id = await importFlow(page, 'Flaky', [codeStep('step_1', 'Explode', BOOM_CODE, {})]);
  await openEditor(page, id);
  await selectStep(page, 'step_1');
  const settings = stepSettings(page);
  // The box follows the version, which the editor core answers a moment after the click.
  await settings.getByLabel('Retry on failure').click();
  await expect(settings.getByLabel('Retry on failure')).toBeChecked();
  await settings.getByLabel('Attempts', { exact: true }).selectOption('2');
  await settings.getByLabel('Wait between attempts').selectOption('FIXED');
  // Exact: until the panel follows the version, the field is still 'First delay (seconds)'.
  await settings.getByLabel('Delay (seconds)', { exact: true }).fill('0');
  await expectSaved(page);

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runDetails(page).locator('.run-facts')).toContainText('Failed', { timeout: 15_000 });
  const details = runDetails(page).getByRole('region', { name: 'Explode details' });
  const attempts = details.getByRole('region', { name: 'Attempts' });
  await expect(attempts).toContainText('2 attempts');
  await expect(attempts.getByRole('listitem')).toHaveCount(2);
  await expect(attempts.getByRole('listitem').nth(1)).toContainText('boom');

  // The executions page shows the same attempts.
  await page.goto('/executions');
  await row(page, 'Flaky').getByRole('link', { name: 'Flaky' }).click();
  await expect(page.locator('.step-item').filter({ hasText: 'Explode' }).getByRole('region', { name: 'Attempts' })).toContainText('2 attempts');

  await page.goto('/workflows');
  await row(page, 'Flaky').getByRole('button', { name: 'Actions for Flaky' }).click();
  await page.getByRole('menuitem', { name: 'Concurrency' }).click();
  const dialog = page.getByRole('dialog', { name: 'Concurrent runs' });
  const field = dialog.getByLabel('Maximum concurrent runs');
  await expect(field).toHaveValue('');
  await field.fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Enter 1 or more runs');
  await field.fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Maximum concurrent runs updated' })).toBeVisible();
  await page.reload();
  await row(page, 'Flaky').getByRole('button', { name: 'Actions for Flaky' }).click();
  await page.getByRole('menuitem', { name: 'Concurrency' }).click();
  await expect(page.getByRole('dialog', { name: 'Concurrent runs' }).getByLabel('Maximum concurrent runs')).toHaveValue('1');
});

test('the retry settings and the concurrent runs dialog in light and dark, wide and narrow', async ({ page }) => {
  // Four passes through the editor and the list, each with two axe scans.
  test.setTimeout(120_000);
  await signedInPage(page);
  const id = await importFlow(page, 'Looks', [codeStep('step_1', 'Explode', BOOM_CODE, {})]);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openEditor(page, id);
      await selectStep(page, 'step_1');
      const retry = stepSettings(page).getByLabel('Retry on failure');
      if (!(await retry.isChecked())) await retry.click();
      await expect(retry).toBeChecked();
      await expect(stepSettings(page).getByLabel('Maximum delay (seconds)')).toBeVisible();
      await stepSettings(page).getByLabel('Attempts', { exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`retry-${theme}-${width}.png`) });
      await expectNoViolations(page, `retry settings (${theme}, ${width})`);

      await page.goto('/workflows');
      await row(page, 'Looks').getByRole('button', { name: 'Actions for Looks' }).click();
      await page.getByRole('menuitem', { name: 'Concurrency' }).click();
      await expect(page.getByRole('dialog', { name: 'Concurrent runs' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`concurrency-${theme}-${width}.png`) });
      await expectNoViolations(page, `concurrent runs dialog (${theme}, ${width})`);
      await page.keyboard.press('Escape');
    }
  }
});
