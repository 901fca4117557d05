/**
 * Editing one step with the keyboard alone: Tab reaches a step on the canvas, the arrows move the
 * selection along the flow, Enter opens the step's settings (focus in 'Display name'), typing renames it, Escape
 * closes the panel, and '?' lists the shortcuts. The flow is set up with the mouse; the editing is not.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addStep, chooseManualTrigger, expectSaved, expectTitle, node, openEditor, openNewWorkflow, serverVersion, stepSettings } from './editor-helpers.ts';

const focusedNodeId = (page: Page) =>
  page.evaluate(() => (document.activeElement?.closest('.react-flow__node') as HTMLElement | null)?.dataset.id ?? null);

const primaryStep = (page: Page) => page.locator('.step-card.is-primary');

test('edit one step with the keyboard alone', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'Keyboard only');
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await addStep(page, 'Add a step after Code', 'Code');
  await expectSaved(page);
  await openEditor(page, id);

  // On open the trigger is selected (nothing is invalid) with its settings; Escape closes them.
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'trigger');
  await expect(stepSettings(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(stepSettings(page)).toHaveCount(0);

  // Tab until a step on the canvas has the focus (the top bar's controls come first).
  for (let tabs = 0; tabs < 40 && (await focusedNodeId(page)) === null; tabs++) await page.keyboard.press('Tab');
  expect(await focusedNodeId(page)).not.toBeNull();

  // The arrows move the selection along the flow, and the focus with it.
  await page.keyboard.press('ArrowUp'); // wherever Tab landed, up to the start...
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'trigger');
  await page.keyboard.press('ArrowDown');
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'step_1');
  await page.keyboard.press('ArrowDown');
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'step_2');
  await expect.poll(() => focusedNodeId(page)).toBe('step_2');
  await page.keyboard.press('ArrowUp');
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'step_1');
  await expect.poll(() => focusedNodeId(page)).toBe('step_1');

  // Enter opens the selected step's settings with the focus in its first field, 'Display name'.
  await page.keyboard.press('Enter');
  const panel = stepSettings(page);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Code');
  await expect(panel.getByText('step_1', { exact: true })).toBeVisible();
  const displayName = panel.getByLabel('Display name');
  await expect(displayName).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Charge card');
  await expectTitle(page, 'step_1', 'Charge card');

  // Escape closes the panel; the step keeps its selection, and '?' lists the shortcuts.
  await page.keyboard.press('Escape');
  await expect(stepSettings(page)).toHaveCount(0);
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'step_1');
  await page.keyboard.press('ArrowDown');
  await expect(primaryStep(page)).toHaveAttribute('data-step', 'step_2');
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toBeVisible();
  await expect(shortcuts.getByRole('row', { name: /Undo/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await expectSaved(page);
  const saved = await serverVersion(page, id);
  expect(saved.steps.get('step_1')?.displayName).toBe('Charge card');
  expect(saved.steps.get('step_2')?.displayName).toBe('Code');
  await expect(node(page, 'step_2').locator('.step-card-title')).toHaveText('Code');
});
