/**
 * Undo and redo of every kind of edit with the keyboard (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, the focus on the
 * canvas): add, update through the panel, delete (Delete key), duplicate (Ctrl+D), move (a step dragged
 * onto a '+'), skip (the S key and the panel's toggle), add/delete/duplicate branch, and renaming the
 * workflow. Each is checked on the canvas, and the saved version on the server once the indicator reads
 * 'Saved' (undo and redo save 3 s later, so the server is read after those saves, not after every key).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  addStep,
  chooseManualTrigger,
  expectCanvasSteps,
  expectSaved,
  expectTitle,
  fitView,
  node,
  openNewWorkflow,
  saveIndicator,
  selectStep,
  serverVersion,
  stepSettings,
} from './editor-helpers.ts';

const undo = (page: Page) => page.keyboard.press('Control+z');
const redo = (page: Page) => page.keyboard.press('Control+Shift+z');
const redoY = (page: Page) => page.keyboard.press('Control+y');

const card = (page: Page, name: string) => node(page, name).locator('.step-card');

async function expectLanes(page: Page, labels: string[]) {
  await expect(async () => {
    await fitView(page);
    await expect(page.locator('.canvas-lane-label')).toHaveText(labels, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Drags step `name` by its card onto the '+' button labelled `target` (a move). */
async function dragOnto(page: Page, name: string, target: string) {
  await fitView(page);
  const from = await card(page, name).boundingBox();
  const to = await page.getByRole('button', { name: target, exact: true }).boundingBox();
  if (!from || !to) throw new Error('nothing to drag, or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

test('undo and redo adds, panel updates, deletes, duplicates, moves and skips', async ({ page }) => {
  test.setTimeout(60_000);
  const { id } = await openNewWorkflow(page, 'Undo steps');
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await addStep(page, 'Add a step after Code', 'Loop on Items');
  await addStep(page, 'Add a step after Loop on Items', 'Code');
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);

  // Add: undo removes the new step, redo brings it back.
  await addStep(page, 'Add a step after Code', 'Code');
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3', 'step_4']);
  await selectStep(page, 'step_4');
  await undo(page);
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);
  // Undo saves 3 s later: 'Unsaved changes' until then, then the server has the undone version.
  await expect(saveIndicator(page)).toHaveText('Unsaved changes');
  await expectSaved(page);
  expect((await serverVersion(page, id)).names).toEqual(['step_1', 'step_2', 'step_3']);
  await redo(page);
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3', 'step_4']);

  // Update through the panel: the display name.
  await selectStep(page, 'step_1');
  await stepSettings(page).getByLabel('Display name').fill('Fetch orders');
  await expectTitle(page, 'step_1', 'Fetch orders');
  await selectStep(page, 'step_1'); // the focus back on the canvas
  await undo(page);
  await expectTitle(page, 'step_1', 'Code');
  await expect(stepSettings(page).getByLabel('Display name')).toHaveValue('Code');
  await redoY(page);
  await expectTitle(page, 'step_1', 'Fetch orders');

  // Delete with the Delete key.
  await selectStep(page, 'step_4');
  await page.keyboard.press('Delete');
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);
  await undo(page);
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3', 'step_4']);
  await redo(page);
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);

  // Duplicate with Ctrl+D: the copy comes right after the original.
  await selectStep(page, 'step_1');
  await page.keyboard.press('Control+d');
  await expectTitle(page, 'step_5', 'Fetch orders Copy');
  await undo(page);
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);
  await redoY(page);
  await expectTitle(page, 'step_5', 'Fetch orders Copy');

  // Move: drag step_3 onto the empty loop's '+'.
  await dragOnto(page, 'step_3', 'Add a step to this loop');
  await expect(page.getByRole('button', { name: 'Add a step to this loop', exact: true })).toHaveCount(0);
  await expectSaved(page);
  expect((await serverVersion(page, id)).steps.get('step_2')).toMatchObject({ firstLoopStep: 'step_3', next: null });
  await selectStep(page, 'step_1');
  await undo(page);
  await fitView(page);
  await expect(page.getByRole('button', { name: 'Add a step to this loop', exact: true })).toHaveCount(1);
  await redo(page);
  await fitView(page);
  await expect(page.getByRole('button', { name: 'Add a step to this loop', exact: true })).toHaveCount(0);

  // Skip with the S key, then unskip with the panel's toggle; each undone and redone.
  await selectStep(page, 'step_1');
  await page.keyboard.press('s');
  await expect(card(page, 'step_1')).toHaveClass(/is-skipped/);
  await undo(page);
  await expect(card(page, 'step_1')).not.toHaveClass(/is-skipped/);
  await redo(page);
  await expect(card(page, 'step_1')).toHaveClass(/is-skipped/);
  const toggle = stepSettings(page).getByRole('switch', { name: 'Skip this step' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(card(page, 'step_1')).not.toHaveClass(/is-skipped/);
  await selectStep(page, 'step_1');
  await undo(page);
  await expect(card(page, 'step_1')).toHaveClass(/is-skipped/);
  await expect(toggle).toBeChecked();

  // The server ends where the canvas is, once the undo's delayed save went through.
  await expectSaved(page);
  const saved = await serverVersion(page, id);
  expect(saved.names).toEqual(['step_1', 'step_2', 'step_3', 'step_5']);
  expect(saved.version.trigger.next).toBe('step_1');
  expect(saved.steps.get('step_1')).toMatchObject({ displayName: 'Fetch orders', skip: true, next: 'step_5' });
  expect(saved.steps.get('step_5')).toMatchObject({ displayName: 'Fetch orders Copy', next: 'step_2' });
  expect(saved.steps.get('step_2')).toMatchObject({ firstLoopStep: 'step_3', next: null });
  expect(saved.steps.get('step_3')).toMatchObject({ next: null });
});

test('undo and redo branch edits and renaming the workflow', async ({ page }) => {
  test.setTimeout(45_000);
  const { id } = await openNewWorkflow(page, 'Undo branches');
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Router');
  await expectLanes(page, ['Branch 1', 'Otherwise']);
  const panel = stepSettings(page);

  // Add a branch.
  await panel.getByRole('button', { name: 'Add branch' }).click();
  await expectLanes(page, ['Branch 1', 'Branch 2', 'Otherwise']);
  await selectStep(page, 'step_1');
  await undo(page);
  await expectLanes(page, ['Branch 1', 'Otherwise']);
  await redo(page);
  await expectLanes(page, ['Branch 1', 'Branch 2', 'Otherwise']);

  // Duplicate Branch 1: the copy comes right after it.
  await panel.getByRole('region', { name: 'Branch 1' }).getByRole('button', { name: 'Duplicate branch' }).click();
  await expectLanes(page, ['Branch 1', 'Branch 1 Copy', 'Branch 2', 'Otherwise']);
  await selectStep(page, 'step_1');
  await undo(page);
  await expectLanes(page, ['Branch 1', 'Branch 2', 'Otherwise']);
  await redoY(page);
  await expectLanes(page, ['Branch 1', 'Branch 1 Copy', 'Branch 2', 'Otherwise']);

  // Delete Branch 2.
  await panel.getByRole('region', { name: 'Branch 2' }).getByRole('button', { name: 'Delete branch' }).click();
  await expectLanes(page, ['Branch 1', 'Branch 1 Copy', 'Otherwise']);
  await selectStep(page, 'step_1');
  await undo(page);
  await expectLanes(page, ['Branch 1', 'Branch 1 Copy', 'Branch 2', 'Otherwise']);
  await redo(page);
  await expectLanes(page, ['Branch 1', 'Branch 1 Copy', 'Otherwise']);
  await expect(panel.getByRole('region', { name: 'Branch 2' })).toHaveCount(0);

  // Rename the workflow with the pencil in the top bar.
  await page.getByRole('button', { name: 'Rename workflow' }).click();
  await page.getByLabel('Workflow name').fill('Orders by size');
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Orders by size');
  await selectStep(page, 'step_1');
  await undo(page);
  await expect(title).toHaveText('Undo branches');
  await expectSaved(page);
  expect((await serverVersion(page, id)).version.displayName).toBe('Undo branches');
  await redo(page);
  await expect(title).toHaveText('Orders by size');

  await expectSaved(page);
  const saved = await serverVersion(page, id);
  expect(saved.version.displayName).toBe('Orders by size');
  const branches = saved.steps.get('step_1')?.settings.branches ?? [];
  expect(branches.map((b) => b.branchName)).toEqual(['Branch 1', 'Branch 1 Copy', 'Otherwise']);
  expect(saved.steps.get('step_1')?.children).toEqual([null, null, null]);
});
