/**
 * What the editor keeps: the undo history after a reload, and every edit made while the API is failing
 * (route interception of the autosave): the indicator says so, and once the API answers again the server
 * has everything — also when the page was reloaded while the saves were failing.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  AUTOSAVE_ROUTE,
  addStep,
  chooseManualTrigger,
  expectCanvasSteps,
  expectSaved,
  expectTitle,
  openNewWorkflow,
  saveIndicator,
  selectStep,
  serverVersion,
  stepSettings,
} from './editor-helpers.ts';

/** Fails every autosave with `how` until the returned function is called; counts the failed requests. */
async function failAutosave(page: Page, how: '503' | 'abort') {
  const failed = { count: 0 };
  const handler = async (route: Route) => {
    failed.count += 1;
    if (how === 'abort') await route.abort('internetdisconnected');
    else await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Service unavailable' }) });
  };
  await page.route(AUTOSAVE_ROUTE, handler);
  return { failed, restore: () => page.unroute(AUTOSAVE_ROUTE, handler) };
}

test('the undo history is still there after a reload', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'History after reload');
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await stepSettings(page).getByLabel('Display name').fill('Send invoice');
  await expectTitle(page, 'step_1', 'Send invoice');
  await expectSaved(page);

  await page.reload();
  await expectTitle(page, 'step_1', 'Send invoice');
  const undoButton = page.getByRole('button', { name: 'Undo', exact: true });
  await expect(undoButton).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeDisabled();

  await selectStep(page, 'step_1');
  await page.keyboard.press('Control+z');
  await expectTitle(page, 'step_1', 'Code');
  await page.keyboard.press('Control+z');
  await expectCanvasSteps(page, []);
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeEnabled();
  await page.keyboard.press('Control+Shift+z');
  await expectTitle(page, 'step_1', 'Code');
  await expectSaved(page);
  const saved = await serverVersion(page, id);
  expect(saved.names).toEqual(['step_1']);
  expect(saved.steps.get('step_1')?.displayName).toBe('Code');
});

for (const how of ['503', 'abort'] as const) {
  test(`edits made while the autosave ${how === '503' ? 'answers 503' : 'cannot reach the server'} are saved once it recovers`, async ({ page, allowConsole }) => {
    // SPEC §8: a failed autosave is logged; Chromium logs the failed request too.
    allowConsole(/Failed to load resource|Autosave failed/);
    const { id } = await openNewWorkflow(page, `Failing ${how}`);
    await chooseManualTrigger(page);
    await expectSaved(page);

    const outage = await failAutosave(page, how);
    await addStep(page, 'Add a step after Run manually', 'Code');
    await stepSettings(page).getByLabel('Display name').fill('Made offline');
    await expectTitle(page, 'step_1', 'Made offline');
    await addStep(page, 'Add a step after Made offline', 'Loop on Items');
    await expectTitle(page, 'step_2', 'Loop on Items');
    await expect(saveIndicator(page)).toHaveText(how === '503' ? 'Unsaved changes' : 'Offline — kept on this device');
    await expect.poll(() => outage.failed.count).toBeGreaterThan(0);
    // Nothing reached the server.
    expect((await serverVersion(page, id)).names).toEqual([]);

    await outage.restore();
    await expectSaved(page, 20_000);
    const saved = await serverVersion(page, id);
    expect(saved.names).toEqual(['step_1', 'step_2']);
    expect(saved.steps.get('step_1')).toMatchObject({ displayName: 'Made offline', next: 'step_2' });
  });
}

test('edits made while failing survive a reload and are saved once the API recovers', async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource|Autosave failed/);
  const { id } = await openNewWorkflow(page, 'Reload while failing');
  await chooseManualTrigger(page);
  await expectSaved(page);

  const outage = await failAutosave(page, '503');
  await addStep(page, 'Add a step after Run manually', 'Router');
  await addStep(page, 'Add a step to this branch', 'Code');
  await expectTitle(page, 'step_2', 'Code');
  await expect(saveIndicator(page)).toHaveText('Unsaved changes');
  await expect.poll(() => outage.failed.count).toBeGreaterThan(0);

  // Reload while the API still fails: the browser asks first (beforeunload); going on, the changes come
  // back from this browser and are re-sent.
  const before = outage.failed.count;
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);
  await expect(page.getByText('Unsaved changes from your last visit were restored and are being saved.')).toBeVisible();
  await expectTitle(page, 'step_1', 'Router');
  await expectTitle(page, 'step_2', 'Code');
  await expect.poll(() => outage.failed.count).toBeGreaterThan(before);
  await expect(saveIndicator(page)).toHaveText('Unsaved changes');
  expect((await serverVersion(page, id)).names).toEqual([]);

  await outage.restore();
  await expectSaved(page, 20_000);
  const saved = await serverVersion(page, id);
  expect(saved.names).toEqual(['step_1', 'step_2']);
  expect(saved.steps.get('step_1')).toMatchObject({ type: 'ROUTER', children: ['step_2', null] });

  // And a later visit finds nothing left to restore.
  await page.reload();
  await expectTitle(page, 'step_2', 'Code');
  await expect(saveIndicator(page)).toHaveText('Saved');
  await expect(page.getByText('Unsaved changes from your last visit were restored and are being saved.')).toHaveCount(0);
});
