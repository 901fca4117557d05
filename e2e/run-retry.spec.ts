/**
 * Retry and replay (issue 15) through the UI against the real server and engine: a run whose HTTP step
 * fails (a local server answers 500), the cause fixed (it now answers 200), 'Retry from failed step' in
 * the editor's run panel → the new run opens and SUCCEEDS, and the step before the failed one was not
 * run again (the counting endpoint it calls was hit once in all). In /executions the first run links to
 * its retry and back; 'Run again on the latest version' there opens a fresh run that calls every step.
 * The run page with its links and buttons passes an axe scan in light and dark, at 1280 and 375 px. Last,
 * from the /executions list by keyboard, the failed run's row menu retries it again: the new run is listed.
 */
import { createServer, type Server } from 'node:http';
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { openEditor } from './editor-helpers.ts';
import { codeStep, importFlow, type NestedStep } from './flow-seeds.ts';

let target: Server;
let base = '';
const hits = new Map<string, number>();
/** The cause of the failure: /flaky answers 500 until the test fixes it. */
let flakyFails = true;

test.beforeAll(async () => {
  target = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    res.setHeader('content-type', 'application/json');
    if (path === '/flaky' && flakyFails) res.statusCode = 500;
    res.end(JSON.stringify({ path, n: hits.get(path) }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  const address = target.address();
  base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => target?.close(resolve));
});

const httpStep = (name: string, displayName: string, method: string, url: string): NestedStep => ({
  name,
  type: 'PIECE',
  displayName,
  valid: true,
  skip: false,
  settings: { pieceName: '@activepieces/piece-http', pieceVersion: '0.5.0', actionName: 'send_request', input: { method, url }, inputUiInfo: {} },
});

const toast = (page: Page, title: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const runDetails = (page: Page) => page.getByRole('complementary', { name: 'Run details' });


test('a failed run, its cause fixed, retried from the failed step: earlier steps are not run again', async ({ page }) => {
  // Four runs, then five axe scans (the run page in two themes at two widths, the list with a menu open).
  test.setTimeout(90_000);
  await signedInPage(page);
  const id = await importFlow(page, 'Order sync', [
    httpStep('step_1', 'Count the order', 'POST', `${base}/count`),
    httpStep('step_2', 'Call the flaky API', 'GET', `${base}/flaky`),
    codeStep('step_3', 'Summarise', 'export const code = async (inputs) => ({ counted: inputs.n })', { n: '{{step_1.body.n}}' }),
  ]);
  await openEditor(page, id);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runDetails(page).locator('.run-facts')).toContainText('Failed', { timeout: 15_000 });
  expect(hits.get('/count')).toBe(1);
  expect(hits.get('/flaky')).toBe(1);

  // The flaky API is fixed; the run is retried from its failed step, in the run panel.
  flakyFails = false;
  await runDetails(page).getByRole('button', { name: 'Retry from failed step' }).click();
  await expect(toast(page, 'Retry started from the failed step')).toBeVisible();
  await expect(runDetails(page).locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(runDetails(page).locator('.run-facts')).toContainText('Retry of');
  expect(hits.get('/count')).toBe(1);
  expect(hits.get('/flaky')).toBe(2);
  await runDetails(page).getByRole('button', { name: 'Summarise' }).click();
  await expect(runDetails(page).getByRole('region', { name: 'Summarise details' })).toContainText('"counted": 1');
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/retry-editor-panel.png` });

  // In /executions: the first run links to its retry, and the retry back to it.
  await page.goto('/executions');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('row').filter({ hasText: 'Failed' }).getByRole('link', { name: 'Order sync' }).click();
  await expect(page).toHaveTitle('Execution | Flowsmith');
  const retries = page.getByRole('list', { name: 'Retries of this run' });
  await expect(retries).toContainText('Succeeded');
  await retries.getByRole('link').click();
  await expect(page.locator('.run-facts')).toContainText('Retry of');
  await expect(page.locator('.run-facts')).toContainText('Succeeded');

  // A succeeded run offers only to run again, on the latest version: a fresh run that calls every step.
  await expect(page.getByRole('button', { name: 'Retry from failed step' })).toHaveCount(0);
  const retryUrl = page.url();
  await page.getByRole('button', { name: 'Run again on the latest version' }).click();
  await expect(toast(page, 'Run started on the latest version')).toBeVisible();
  await expect(page).not.toHaveURL(retryUrl);
  await expect(page.locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(page.locator('.run-facts')).toContainText('Run again of');
  expect(hits.get('/count')).toBe(2);

  // The first run's page, with its links and both buttons, in both themes and at both widths.
  await page.goto(retryUrl);
  await page.getByRole('link', { name: /Failed/ }).click();
  await expect(page.getByRole('button', { name: 'Retry from failed step' })).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      await expect(page.getByRole('list', { name: 'Retries of this run' })).toBeVisible();
      if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/retry-${theme}-${width}.png`, fullPage: true });
      await expectNoViolations(page, `run page, ${theme}, ${width} px`);
    }
  }

  // From the list (dark, 375 px), by keyboard: the failed run's row menu retries it from its failed step;
  // the list shows the new run, and the step before the failed one is still not run again.
  await page.goto('/executions');
  await expect(page.getByRole('row')).toHaveCount(4);
  const actions = page.getByRole('row').filter({ hasText: 'Failed' }).getByRole('button', { name: /^Actions for run \w{8} of Order sync$/ });
  await actions.focus();
  await page.keyboard.press('Space');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['Retry from failed step', 'Run again on the latest version', 'Delete']);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/retry-list-dark-375.png` });
  await expectNoViolations(page, 'executions list with a row menu open, dark, 375 px');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Retry started from the failed step')).toBeVisible();
  await expect(page).toHaveURL(/\/executions$/);
  await expect(page.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('row').filter({ hasText: 'Succeeded' })).toHaveCount(3, { timeout: 15_000 });
  expect(hits.get('/count')).toBe(2);
  expect(hits.get('/flaky')).toBe(4);
  if (process.env.E2E_SHOTS) {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Failed' }).getByRole('button', { name: /^Actions for run / }).click();
    await expect(menu).toBeVisible();
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/retry-list-light-1280.png` });
  }
});
