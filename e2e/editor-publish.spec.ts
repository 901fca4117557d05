/**
 * Publishing from the editor: disabled while the draft is invalid, the 'Publishing…' toast updated to
 * 'Published', the read-only banner on the published version (no '+', no edits, no undo), and 'Edit'
 * making a new draft that takes edits while the published version stays as it was.
 */
import { expect, test } from './fixtures.ts';
import {
  addStep,
  chooseManualTrigger,
  expectCanvasSteps,
  expectSaved,
  expectTitle,
  node,
  openNewWorkflow,
  selectStep,
  serverVersion,
  stepSettings,
} from './editor-helpers.ts';

const BANNER = 'This is the published version, so it is read-only.';

test('publish, read-only, and edit again as a new draft', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'Publish me');
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  // The trigger is not chosen yet: the draft is invalid, so it can not be published.
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAttribute('title', 'Configure every step before publishing');

  await chooseManualTrigger(page);
  await addStep(page, 'Add a step after Run manually', 'Code');
  await expectSaved(page);
  await expect(publish).toBeEnabled();
  // An unconfigured loop makes the draft invalid again; deleting it makes it valid.
  await addStep(page, 'Add a step after Code', 'Loop on Items');
  await expect(node(page, 'step_2').locator('.step-card')).toHaveClass(/is-invalid/);
  await expect(publish).toBeDisabled();
  await selectStep(page, 'step_2');
  await page.keyboard.press('Delete');
  await expectCanvasSteps(page, ['step_1']);
  await expectSaved(page);
  await expect(publish).toBeEnabled();

  const draftId = (await serverVersion(page, id)).version.id;
  await publish.click();
  await expect(page.locator('[data-sonner-toast] [data-title]').filter({ hasText: /^Published$/ })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: BANNER });
  await expect(banner).toBeVisible();
  await expect(page.locator('.editor-bar').getByText('Published', { exact: true })).toBeVisible();
  await expect(publish).toBeDisabled();

  let saved = await serverVersion(page, id);
  expect(saved.flow.publishedVersionId).toBe(draftId);
  expect(saved.version).toMatchObject({ id: draftId, state: 'LOCKED' });

  // Read-only: no '+' on the canvas, the keyboard edits nothing, the panel's fields are disabled.
  await expect(page.locator('.canvas-add')).toHaveCount(0);
  await selectStep(page, 'step_1');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Control+d');
  await expectCanvasSteps(page, ['step_1']);
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Rename workflow' })).toBeDisabled();

  // Edit: a new draft, editable again.
  await banner.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByText('You are editing a new draft')).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await expect(page.locator('.editor-bar').getByText('Draft', { exact: true })).toBeVisible();
  await addStep(page, 'Add a step after Code', 'Code');
  await expectTitle(page, 'step_2', 'Code');
  await stepSettings(page).getByLabel('Display name').fill('Only in the draft');
  await expectTitle(page, 'step_2', 'Only in the draft');
  await expectSaved(page);

  saved = await serverVersion(page, id);
  expect(saved.flow.publishedVersionId).toBe(draftId);
  expect(saved.version.state).toBe('DRAFT');
  expect(saved.version.id).not.toBe(draftId);
  expect(saved.names).toEqual(['step_1', 'step_2']);
  expect(saved.steps.get('step_2')?.displayName).toBe('Only in the draft');
});
