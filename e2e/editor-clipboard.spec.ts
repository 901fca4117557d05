/**
 * Copy a step (with everything inside it) in one workflow with Ctrl+C and paste it into another with
 * Ctrl+V, through the system clipboard (permission granted); the editor's localStorage fallback is
 * cleared before pasting so the test shows the clipboard itself carries the steps.
 */
import { expect, test } from './fixtures.ts';
import {
  addStep,
  chooseManualTrigger,
  createWorkflow,
  expectCanvasSteps,
  expectSaved,
  expectTitle,
  openEditor,
  openNewWorkflow,
  selectStep,
  serverVersion,
  stepSettings,
} from './editor-helpers.ts';

test('copy a loop with its body and paste it into another workflow', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openNewWorkflow(page, 'Copy from here');
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Loop on Items');
  await stepSettings(page).getByLabel('Items').fill('{{trigger.orders}}');
  await addStep(page, 'Add a step to this loop', 'Code');
  await stepSettings(page).getByLabel('Display name').fill('Format invoice');
  await expectTitle(page, 'step_2', 'Format invoice');
  await expectSaved(page);

  await selectStep(page, 'step_1');
  await page.keyboard.press('Control+c');
  await expect(page.getByText('Step copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ kind: 'flowsmith/steps', roots: ['step_1'] });

  // A second workflow (setup through the API), opened in the same tab.
  const otherId = await createWorkflow(page, 'Paste here');
  await openEditor(page, otherId);
  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await expectSaved(page);
  await page.evaluate(() => localStorage.removeItem('flowsmith:clipboard'));

  // Pasted after the selected step, with fresh names in this workflow.
  await selectStep(page, 'step_1');
  await page.keyboard.press('Control+v');
  await expectTitle(page, 'step_2', 'Loop on Items');
  await expectTitle(page, 'step_3', 'Format invoice');
  await expectCanvasSteps(page, ['step_1', 'step_2', 'step_3']);
  await expectSaved(page);

  const saved = await serverVersion(page, otherId);
  expect(saved.names).toEqual(['step_1', 'step_2', 'step_3']);
  expect(saved.steps.get('step_1')).toMatchObject({ type: 'CODE', next: 'step_2' });
  expect(saved.steps.get('step_2')).toMatchObject({ type: 'LOOP_ON_ITEMS', firstLoopStep: 'step_3', next: null, valid: true });
  expect(saved.steps.get('step_2')?.settings.items).toBe('{{trigger.orders}}');
  expect(saved.steps.get('step_3')).toMatchObject({ type: 'CODE', displayName: 'Format invoice', next: null });

  // One undo takes the whole paste away.
  await selectStep(page, 'step_1');
  await page.keyboard.press('Control+z');
  await expectCanvasSteps(page, ['step_1']);
});
