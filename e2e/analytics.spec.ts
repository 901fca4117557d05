/**
 * /analytics against the real server and engine: every card's empty state for a new account; the charts
 * and tables with runs made through the API; 'Show as table'; the ranking and granularity in the
 * address; errors opening /executions filtered; minutes saved per run (set from the workflow list)
 * becoming time saved; and axe in light and dark, with data and without.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { seedRuns } from './analytics-helpers.ts';


const chartCard = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const figures = (page: Page) => page.getByRole('region', { name: 'Overview', exact: true });

const EMPTY_STATES = [
  'No executions in this period',
  'No workflows ran in this period',
  'No errors in this period',
  'No failing steps in this period',
  'No steps yet',
];

test('a new account sees every card empty, not blank', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/analytics');
  await expect(page).toHaveTitle('Analytics | Flowsmith');
  for (const text of EMPTY_STATES) await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByText('No finished runs in this period').first()).toBeVisible();
  await expect(figures(page)).toContainText('0 refused by the daily quota');
  await expect(figures(page)).toContainText('0 min');
});

test('draws the runs: timeline, durations, top workflows, errors linking to executions, pieces', async ({ page }) => {
  await signedInPage(page);
  await seedRuns(page);
  await page.goto('/analytics?period=7d');
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('7d');

  const timeline = chartCard(page, 'Executions over time');
  await expect(timeline.getByRole('img')).toHaveAttribute('aria-label', /3 executions in \d+ periods/);
  await timeline.getByRole('button', { name: 'Show as table' }).click();
  await expect(timeline.getByRole('button', { name: 'Show as table' })).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline.getByRole('table')).toContainText('66.7%');

  await timeline.getByLabel('Granularity').selectOption('hour');
  await expect(page).toHaveURL(/granularity=hour/);

  await expect(chartCard(page, 'Success rate trend').getByRole('img')).toBeVisible();
  await expect(chartCard(page, 'Execution time')).toContainText('Median (p50)');
  await expect(figures(page)).toContainText('66.7%');

  const top = chartCard(page, 'Top workflows');
  await expect(top.getByRole('link', { name: 'Adder' })).toBeVisible();
  await top.getByRole('button', { name: 'Failures' }).click();
  await expect(page).toHaveURL(/sort=failure_count/);
  await expect(top.getByRole('row').nth(1)).toContainText('Breaker');

  await expect(chartCard(page, 'Piece usage')).toContainText('Code');

  const step = chartCard(page, 'Errors by step').getByRole('link', { name: /Explode/ });
  await expect(step).toContainText('Breaker');
  await chartCard(page, 'Errors by code').getByRole('link', { name: 'FAILED' }).click();
  await expect(page).toHaveURL(/\/executions\?status=FAILED/);
  await expect(page.getByRole('link', { name: 'Breaker', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Adder', exact: true })).toHaveCount(0);
});

test("minutes saved per run, set from the workflow list, add up to the time saved", async ({ page }) => {
  await signedInPage(page);
  await seedRuns(page);
  await page.goto('/workflows');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Adder', exact: true }) });
  await row.getByRole('button', { name: 'Actions for Adder' }).click();
  await page.getByRole('menuitem', { name: 'Time saved' }).click();
  const minutes = page.getByLabel('Minutes saved per run');
  await minutes.fill('-5');
  await expect(page.getByText('Enter 0 or more minutes')).toBeVisible();
  await minutes.fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/analytics');
  // two succeeded runs × 45 minutes
  await expect(figures(page)).toContainText('1 h 30 min');
  await expect(chartCard(page, 'Top workflows').getByRole('row').filter({ hasText: 'Adder' })).toContainText('1 h 30 min');
});

for (const theme of ['light', 'dark'] as const) {
  test(`/analytics passes an axe scan in ${theme}, empty and with data`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    await page.goto('/analytics');
    await expect(page.getByText('No executions in this period')).toBeVisible();
    await expectNoViolations(page, `empty analytics (${theme})`);
    await seedRuns(page);
    await page.reload();
    await expect(chartCard(page, 'Executions over time').getByRole('img')).toBeVisible();
    await expect(chartCard(page, 'Top workflows').getByRole('link', { name: 'Adder' })).toBeVisible();
    await expectNoViolations(page, `analytics with runs (${theme})`);
    await chartCard(page, 'Executions over time').getByRole('button', { name: 'Show as table' }).click();
    await expectNoViolations(page, `analytics as tables (${theme})`);
  });
}
