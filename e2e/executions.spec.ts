/**
 * Executions and schedules against the real server, for what a new account can see: runs cannot be started
 * from the UI yet (the engine comes later) and an e2e test cannot insert them, so the screens with runs
 * are covered by happy-dom tests with a stubbed API (tests/ui/executions-screens.test.tsx). Here: the
 * real replies pass the screens' checks, filters reach the address and the server, an unknown run says
 * 'Execution not found', and axe finds nothing in either theme.
 */
import { expectNoViolations } from './axe.ts';
import { expect, signedInPage, test } from './fixtures.ts';


test('the executions list filters by status, workflow and time range', async ({ page }) => {
  await signedInPage(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const created = await page.request.post('/api/workflow', { headers: { Authorization: `Bearer ${token}` }, data: { displayName: 'Nightly export' } });
  const { flow } = await created.json();

  await page.goto('/executions');
  await expect(page).toHaveTitle('Executions | Flowsmith');
  await expect(page.getByText('No executions yet')).toBeVisible();

  await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
  await expect(page).toHaveURL(/status=FAILED/);
  await expect(page.getByText('No executions match these filters')).toBeVisible();

  const filtered = page.waitForRequest((r) => r.url().includes('/api/workflow/executions') && r.url().includes('workflow_id='));
  await page.getByLabel('Workflow', { exact: true }).selectOption({ label: 'Nightly export' });
  expect(new URL((await filtered).url()).searchParams.get('workflow_id')).toBe(flow.id);

  const ranged = page.waitForRequest((r) => r.url().includes('/api/workflow/executions') && r.url().includes('from='));
  await page.getByLabel('Time range').selectOption('7d');
  const from = new Date(new URL((await ranged).url()).searchParams.get('from')!).getTime();
  expect(Math.abs(Date.now() - 7 * 86_400_000 - from)).toBeLessThan(60_000);

  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('FAILED');
  await expect(page.getByLabel('Workflow', { exact: true })).toHaveValue(flow.id);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/executions$/);
  await expect(page.getByText('No executions yet')).toBeVisible();
});

test('an unknown execution says so', async ({ page, allowConsole }) => {
  allowConsole(/status of 404/);
  await signedInPage(page);
  await page.goto('/executions/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveTitle('Execution | Flowsmith');
  await expect(page.getByText('Execution not found')).toBeVisible();
  await page.getByRole('link', { name: 'Executions' }).first().click();
  await expect(page).toHaveURL(/\/executions$/);
});

test('schedules start empty', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/schedules');
  await expect(page).toHaveTitle('Schedules | Flowsmith');
  await expect(page.getByText('No scheduled workflows')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`executions and schedules pass an axe scan in ${theme}`, async ({ page, allowConsole }) => {
    allowConsole(/status of 404/);
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    for (const [path, text] of [
      ['/executions', 'No executions yet'],
      ['/executions/00000000-0000-4000-8000-000000000000', 'Execution not found'],
      ['/schedules', 'No scheduled workflows'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(text)).toBeVisible();
      await expectNoViolations(page, path);
    }
  });
}
