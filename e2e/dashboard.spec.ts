/**
 * The dashboard (SPEC §2) against the real server and engine: a new account's zeros and empty feed; the
 * figures of runs made through the API for two periods (in the address); a run started from the editor
 * reaching the feed and the cards of a dashboard open in another tab without a reload (run_finished on
 * the live socket); and axe in light and dark with data on screen.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { openEditor } from './editor-helpers.ts';
import { ADD_CODE, seedRuns } from './analytics-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';


const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const cardValue = (page: Page, title: string) => card(page, title).locator('.stat-card-value');
const feed = (page: Page) => page.getByRole('table', { name: 'Recent activity' });

test('a new account sees zeros, no previous data and the empty feed', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard | Flowsmith');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByText('Monitor your workflow performance and insights')).toBeVisible();
  await expect(cardValue(page, 'Total Workflows')).toHaveText('0');
  await expect(cardValue(page, 'Total Executions')).toHaveText('0');
  await expect(cardValue(page, 'Success Rate')).toHaveText('0.0%');
  await expect(cardValue(page, 'Avg Execution Time')).toHaveText('0.00s');
  await expect(card(page, 'Total Workflows')).toContainText('No previous data');
  await expect(card(page, 'Success Rate')).toContainText('No previous data');
  await expect(page.getByText('No recent activity found')).toBeVisible();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('30d');
});

test('shows the figures of the runs for the period chosen, kept in the address', async ({ page }) => {
  await signedInPage(page);
  await seedRuns(page);
  await page.goto('/dashboard');
  await expect(cardValue(page, 'Total Workflows')).toHaveText('2');
  await expect(cardValue(page, 'Total Executions')).toHaveText('3');
  await expect(cardValue(page, 'Success Rate')).toHaveText('66.7%');
  await expect(cardValue(page, 'Avg Execution Time')).toHaveText(/^\d+\.\d\ds$/);

  const asked = page.waitForRequest((r) => r.url().includes('/api/analytics/dashboard/overview') && r.url().includes('period=24h'));
  await page.getByLabel('Period', { exact: true }).selectOption('24h');
  await asked;
  await expect(page).toHaveURL(/period=24h/);
  await expect(cardValue(page, 'Total Executions')).toHaveText('3');
  await expect(cardValue(page, 'Success Rate')).toHaveText('66.7%');

  await page.reload();
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('24h');
  await expect(cardValue(page, 'Total Executions')).toHaveText('3');

  // the feed says what happened, errors first-class
  await expect(feed(page)).toContainText('Breaker');
  await expect(feed(page)).toContainText('Adder');
  await expect(feed(page).locator('.badge-danger').first()).toHaveText('Error');
  await expect(feed(page).getByRole('cell', { name: 'Grace Hopper' }).first()).toBeVisible();

  await page.goto('/dashboard?period=nonsense');
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('30d');
  await expect(cardValue(page, 'Total Executions')).toHaveText('3');
});

test('a run started from the editor reaches an open dashboard without a reload', async ({ page, context }) => {
  await signedInPage(page);
  const id = await importFlow(page, 'Live adder', [codeStep('step_1', 'Add numbers', ADD_CODE, { a: 2, b: 3 })]);
  await page.goto('/dashboard');
  await expect(cardValue(page, 'Total Executions')).toHaveText('0');
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('data-live-state', 'authenticated');

  const editor = await context.newPage();
  await openEditor(editor, id);
  await editor.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(editor.getByRole('complementary', { name: 'Run details' }).locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });

  await expect(cardValue(page, 'Total Executions')).toHaveText('1', { timeout: 10_000 });
  await expect(cardValue(page, 'Success Rate')).toHaveText('100.0%');
  await expect(feed(page)).toContainText('Live adder', { timeout: 10_000 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the dashboard passes an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    await page.goto('/dashboard');
    await expect(page.getByText('No recent activity found')).toBeVisible();
    await expectNoViolations(page, `empty dashboard (${theme})`);
    await seedRuns(page);
    await page.reload();
    await expect(cardValue(page, 'Total Executions')).toHaveText('3');
    await expect(feed(page)).toContainText('Breaker');
    await expectNoViolations(page, `dashboard with runs (${theme})`);
  });
}
