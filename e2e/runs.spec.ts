/**
 * Running workflows against the real server and engine: 'Test step' on a code step shows its output;
 * Run from the editor fills the run details and colours the canvas as the run goes, and the run is in
 * /executions with its output; a failing step fails the run and says why; Run from the workflow list
 * offers the run's page; the Store's key suggests the keys already stored; and axe finds nothing in the
 * editor with a test result and a finished run, in light and dark.
 *
 * Workflows are set up through the import API (a manual trigger and the steps given); everything checked
 * goes through the UI.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { node, openEditor, selectStep, stepSettings } from './editor-helpers.ts';
import { codeStep, importFlow, type NestedStep } from './flow-seeds.ts';

const ADD_CODE = 'export const code = async (inputs) => ({ sum: inputs.a + inputs.b })';
const BOOM_CODE = "export const code = async () => { throw new Error('boom') }";

const storeStep = (name: string, displayName: string, actionName: string, input: Record<string, unknown>): NestedStep => ({
  name,
  type: 'PIECE',
  displayName,
  valid: true,
  skip: false,
  settings: { pieceName: '@activepieces/piece-store', pieceVersion: '0.5.0', actionName, input, inputUiInfo: {} },
});

const toast = (page: Page, title: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: title });
const runDetails = (page: Page) => page.getByRole('complementary', { name: 'Run details' });
const testSection = (page: Page) => stepSettings(page).getByRole('region', { name: 'Test step' });


test('test a code step, run the workflow from the editor, and find the run in executions', async ({ page }) => {
  await signedInPage(page);
  const id = await importFlow(page, 'Adder', [codeStep('step_1', 'Add numbers', ADD_CODE, { a: 1, b: 2 })]);
  await openEditor(page, id);

  await selectStep(page, 'step_1');
  await expect(testSection(page)).toContainText('Runs this step on its own');
  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).getByRole('status')).toContainText('Succeeded');
  await expect(testSection(page).locator('.json-viewer-body')).toContainText('"sum": 3');

  // The sample is stored: a reload shows it again.
  await openEditor(page, id);
  await selectStep(page, 'step_1');
  await expect(testSection(page).getByRole('status')).toContainText(/Tested \d+s ago/);
  await expect(testSection(page).locator('.json-viewer-body')).toContainText('"sum": 3');

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runDetails(page)).toBeVisible();
  await expect(runDetails(page).locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(toast(page, 'Run succeeded')).toBeVisible();
  await expect(node(page, 'step_1').locator('.step-card')).toHaveClass(/run-succeeded/);
  await runDetails(page).getByRole('button', { name: 'Add numbers' }).click();
  await expect(runDetails(page).locator('.json-viewer').filter({ hasText: 'Output' }).locator('pre')).toContainText('"sum": 3');

  // The runs panel lists it.
  await runDetails(page).getByRole('button', { name: 'Back to runs' }).click();
  const runs = page.getByRole('list', { name: 'Runs' });
  await expect(runs.getByRole('listitem')).toHaveCount(1);
  await expect(runs).toContainText('Succeeded');

  await page.goto('/executions');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Adder', exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Succeeded');
  await row.getByRole('link', { name: 'Adder' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  const step = page.locator('.step-item').filter({ hasText: 'Add numbers' });
  await expect(step.locator('.json-viewer').filter({ hasText: 'Output' }).locator('pre')).toContainText('"sum": 3');
});

test('a failing code step fails the run and says why', async ({ page }) => {
  await signedInPage(page);
  const id = await importFlow(page, 'Breaker', [codeStep('step_1', 'Explode', BOOM_CODE, {})]);
  await openEditor(page, id);

  await selectStep(page, 'step_1');
  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).getByRole('status')).toContainText('Failed');
  await expect(testSection(page).locator('.alert-error')).toContainText('boom');

  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runDetails(page).locator('.run-facts')).toContainText('Failed', { timeout: 15_000 });
  // The toast says what failed in words (issue 17), not a status code.
  await expect(toast(page, 'Run failed')).toContainText("'Explode' (step_1) failed: boom");
  await expect(node(page, 'step_1').locator('.step-card')).toHaveClass(/run-failed/);
  // The failed step is selected once the run ends, so its error shows without a click.
  await expect(runDetails(page).getByRole('region', { name: 'Explode details' })).toContainText('boom');
});

test('run a workflow from the list and open the run from the toast', async ({ page }) => {
  await signedInPage(page);
  await importFlow(page, 'Listed adder', [codeStep('step_1', 'Add numbers', ADD_CODE, { a: 1, b: 2 })]);
  await page.goto('/workflows');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Listed adder', exact: true }) });
  await row.getByRole('button', { name: 'Actions for Listed adder' }).click();
  await page.getByRole('menuitem', { name: 'Run' }).click();
  const started = toast(page, 'Run started');
  await expect(started).toBeVisible();
  await started.getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/executions\/[0-9a-f-]{36}$/);
  await expect(page.locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
  await expect(page.locator('.step-item').filter({ hasText: 'Add numbers' })).toContainText('"sum": 3');
});

test('a Send notification step reaches the bell, with the run’s outcome, and links to the run', async ({ page }) => {
  await signedInPage(page);
  await importFlow(page, 'Shipping', [
    {
      name: 'step_1',
      type: 'PIECE',
      displayName: 'Tell the team',
      valid: true,
      skip: false,
      settings: {
        pieceName: '@flowsmith/piece-notification',
        pieceVersion: '0.1.0',
        actionName: 'send_notification',
        input: { message: 'Order {{trigger.order}} shipped', level: 'success' },
        inputUiInfo: {},
      },
    },
  ]);
  await page.goto('/workflows');
  // The bell is live once the socket is authenticated; wait for it before starting the run.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await expect(bell).toHaveAttribute('data-live-state', 'authenticated');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const flows = await page.request.get('/api/workflow/paginate', { headers: { Authorization: `Bearer ${token}` } });
  const flowId = ((await flows.json()) as { data: Array<{ id: string; displayName: string }> }).data.find((f) => f.displayName === 'Shipping')!.id;
  const run = await page.request.post(`/api/workflow/run/${flowId}`, { headers: { Authorization: `Bearer ${token}` }, data: { payload: { order: 42 } } });
  expect(run.status()).toBe(202);
  const runId = ((await run.json()) as { id: string }).id;

  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem').nth(0)).toContainText('Run of “Shipping” succeeded');
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Order 42 shipped');
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await panel.getByRole('listitem').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/executions/${runId}$`));
});

test('the Store key suggests the keys already stored', async ({ page }) => {
  await signedInPage(page);
  const id = await importFlow(page, 'Keeper', [
    storeStep('step_1', 'Remember greeting', 'put', { key: 'greeting', value: 'hello' }),
    storeStep('step_2', 'Read it back', 'get', { key: 'gr' }),
  ]);
  await openEditor(page, id);
  await selectStep(page, 'step_1');
  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).locator('.json-viewer-body')).toContainText('"hello"');

  await selectStep(page, 'step_2');
  const key = stepSettings(page).getByLabel('Key');
  await key.focus();
  await expect(page.locator('datalist option[value="greeting"]')).toHaveCount(1);
  await expect(key).toHaveAttribute('list', /.+/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`a test result and a finished run pass an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    const id = await importFlow(page, 'Adder', [codeStep('step_1', 'Add numbers', ADD_CODE, { a: 1, b: 2 })]);
    await openEditor(page, id);
    await selectStep(page, 'step_1');
    await testSection(page).getByRole('button', { name: 'Test step' }).click();
    await expect(testSection(page).locator('.json-viewer-body')).toContainText('"sum": 3');
    await page.keyboard.press('Control+Enter');
    await expect(runDetails(page).locator('.run-facts')).toContainText('Succeeded', { timeout: 15_000 });
    await expectNoViolations(page, `editor with a run (${theme})`);

    await selectStep(page, 'trigger');
    await expect(stepSettings(page).getByRole('region', { name: 'Sample data' })).toBeVisible();
    await expectNoViolations(page, `trigger sample data (${theme})`);
  });
}
