/**
 * SPEC §2's three questions when leaving the editor (the 'Workflows' back link) with unsaved changes, in
 * order: save before leaving? → (Don't save) are you sure you want to discard? ; and, when the save fails,
 * leave anyway? The save is held or failed with route interception so the changes stay unsaved.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  AUTOSAVE_ROUTE,
  addStep,
  canvas,
  chooseManualTrigger,
  expectCanvasSteps,
  expectSaved,
  expectTitle,
  openEditor,
  openNewWorkflow,
  saveIndicator,
  serverVersion,
} from './editor-helpers.ts';

const SAVE_QUESTION = 'You have unsaved changes. Do you want to save before leaving?';
const DISCARD_QUESTION = 'Are you sure you want to discard your changes?';
const FAILED_QUESTION = 'Failed to save changes. Do you want to leave anyway?';

/** Holds every autosave request until `release` (continue to the server) or `drop` (abort). */
async function holdAutosave(page: Page) {
  const held: Route[] = [];
  const handler = (route: Route) => void held.push(route);
  await page.route(AUTOSAVE_ROUTE, handler);
  const settle = async (how: 'continue' | 'abort') => {
    // Settle the held requests before unrouting, so none falls through to the server by itself.
    for (const route of held.splice(0)) await (how === 'continue' ? route.continue() : route.abort()).catch(() => undefined);
    await page.unroute(AUTOSAVE_ROUTE, handler);
  };
  return { held, release: () => settle('continue'), drop: () => settle('abort') };
}

const leaveDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Leave the editor?' });
const backLink = (page: Page) => page.locator('.editor-bar').getByRole('link', { name: 'Workflows', exact: true });

async function editThenLeave(page: Page) {
  await addStep(page, 'Add a step after Run manually', 'Code');
  await expectTitle(page, 'step_1', 'Code');
  await expect(saveIndicator(page)).not.toHaveText('Saved');
  await backLink(page).click();
  const dialog = leaveDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test("leave with unsaved changes: Don't save, then discard", async ({ page, allowConsole }) => {
  allowConsole(/Failed to load resource/);
  const { id } = await openNewWorkflow(page, 'Leave and discard');
  await chooseManualTrigger(page);
  await expectSaved(page);
  const hold = await holdAutosave(page);
  const dialog = await editThenLeave(page);
  await expect(saveIndicator(page)).toHaveText('Saving…');

  // First question; 'Stay' on the second keeps the editor and the change.
  await expect(dialog).toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: "Don't save" }).click();
  await expect(dialog).toContainText(DISCARD_QUESTION);
  await expect(dialog).not.toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/edit$`));
  await expectTitle(page, 'step_1', 'Code');

  // Again, and this time discard: the questions start over from the first.
  await backLink(page).click();
  await expect(dialog).toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: "Don't save" }).click();
  await expect(dialog).toContainText(DISCARD_QUESTION);
  await dialog.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await hold.drop();

  // Discarded: neither the server nor this browser has the step.
  expect((await serverVersion(page, id)).names).toEqual([]);
  await openEditor(page, id);
  await expectCanvasSteps(page, []);
  await expect(saveIndicator(page)).toHaveText('Saved');
});

test('leave with unsaved changes: Save waits for the save, then leaves', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'Leave and save');
  await chooseManualTrigger(page);
  await expectSaved(page);
  const hold = await holdAutosave(page);
  const dialog = await editThenLeave(page);
  await expect(dialog).toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  // Still held: the dialog waits, and the editor is still there.
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/edit$`));
  await hold.release();
  await expect(page).toHaveURL(/\/workflows$/);
  expect((await serverVersion(page, id)).names).toEqual(['step_1']);
});

test('leave with unsaved changes: Save fails, then leave anyway', async ({ page, allowConsole }) => {
  // SPEC §8: a failed autosave is logged; Chromium logs the 503 too.
  allowConsole(/Failed to load resource|Autosave failed/);
  const { id } = await openNewWorkflow(page, 'Leave after failing');
  await chooseManualTrigger(page);
  await expectSaved(page);
  await page.route(AUTOSAVE_ROUTE, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"Down"}' }));
  const dialog = await editThenLeave(page);

  await expect(dialog).toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toContainText(FAILED_QUESTION);
  await expect(dialog).not.toContainText(SAVE_QUESTION);
  // 'Stay' keeps the editor; the next attempt asks the same questions again.
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await backLink(page).click();
  await expect(dialog).toContainText(SAVE_QUESTION);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toContainText(FAILED_QUESTION);
  await dialog.getByRole('button', { name: 'Leave anyway' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  expect((await serverVersion(page, id)).names).toEqual([]);
});

test('closing or reloading the tab with a save in flight asks the browser first; once saved it does not', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'Leave the tab');
  await chooseManualTrigger(page);
  await expectSaved(page);
  const hold = await holdAutosave(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await expect(saveIndicator(page)).toHaveText('Saving…');

  // The browser's own question (beforeunload); answering 'stay' keeps the editor and the change.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expectTitle(page, 'step_1', 'Code');

  // Saved: a reload asks nothing.
  await hold.release();
  await expectSaved(page);
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.accept();
  });
  await page.reload();
  await expectTitle(page, 'step_1', 'Code');
  expect(asked).toEqual([]);
  expect((await serverVersion(page, id)).names).toEqual(['step_1']);
});

test('the editor runs one worker, started by its route, and leaving ends it', async ({ page }) => {
  const editorWorkers = () => page.workers().filter((worker) => worker.url().includes('flowsmith-editor'));
  const { id } = await openNewWorkflow(page, 'One worker');
  await expect.poll(() => editorWorkers().length).toBe(1);
  await backLink(page).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect.poll(() => editorWorkers().length).toBe(0);
  // In the app, not a reload: the route's loader starts the worker the screen then takes.
  await page.getByRole('link', { name: 'One worker', exact: true }).click();
  await expect(canvas(page)).toHaveAttribute('data-ready', 'true');
  await expect.poll(() => editorWorkers().length).toBe(1);
  await expect(page).toHaveURL(new RegExp(`/workflows/${id}/edit`));
});
