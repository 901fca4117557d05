/**
 * Import in the editor asks before it replaces a flow that has steps (the app's confirm dialog, naming
 * what goes); Cancel keeps everything, confirming replaces it as one undoable edit. A wrong file is
 * refused in the user's words, in the editor and in the workflow list (there by the server). The header
 * offers no Copilot (there is no Copilot backend). The dialog passes axe in light at 1280 px and dark at
 * 375 px.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectServer, expectTitle, focusCanvas, node, openEditor } from './editor-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const manual = {
  name: 'trigger',
  type: 'PIECE_TRIGGER',
  displayName: 'Run manually',
  valid: true,
  settings: { pieceName: '@flowsmith/piece-manual', pieceVersion: '0.1.0', triggerName: 'manual', input: {}, inputUiInfo: {} },
};
const ORDERS = { displayName: 'Imported orders', trigger: { ...manual, nextAction: codeStep('step_1', 'Fetch orders', 'export const code = async () => []', {}) } };
const NAMELESS = { trigger: manual };
const ALIEN_STEP = { displayName: 'Alien', trigger: { ...manual, nextAction: { ...codeStep('step_1', 'Mail', '', {}), type: 'EMAIL' } } };

const file = (name: string, content: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)) });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const replaceDialog = (page: Page) => page.getByRole('alertdialog', { name: 'Replace this workflow?' });


/** The dialog's opening animation has finished (a screenshot or a contrast check mid-fade says nothing). */
async function settled(page: Page) {
  await replaceDialog(page).evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished)));
}

/** Import through the header's button and the browser's file chooser. */
async function importThroughHeader(page: Page, picked: ReturnType<typeof file>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a flow file' }).click();
  await (await chooser).setFiles(picked);
}

test('import asks before replacing a flow, cancel keeps it, and wrong files are told in words', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInPage(page);
  const id = await importFlow(page, 'Billing', [codeStep('step_1', 'Charge card', 'export const code = async () => 1', {})]);
  await openEditor(page, id);
  await expect(page.getByRole('toolbar', { name: 'Editor actions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /copilot/i })).toHaveCount(0);

  await importThroughHeader(page, file('orders.json', ORDERS));
  await expect(replaceDialog(page)).toContainText(
    'Importing replaces “Billing” — its name, its trigger and its 1 step — with “Imported orders” from orders.json. Undo (Ctrl/Cmd+Z) brings them back.',
  );
  await expect(replaceDialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('import-dialog-light-1280.png') });
  await expectNoViolations(page, 'replace dialog (light, 1280)');
  await page.keyboard.press('Enter'); // Cancel has the focus: Enter keeps everything
  await expect(replaceDialog(page)).toBeHidden();
  await expectTitle(page, 'step_1', 'Charge card');
  await expect(page.locator('.editor-bar-title')).toContainText('Billing');

  await importThroughHeader(page, file('orders.json', ORDERS));
  await replaceDialog(page).getByRole('button', { name: 'Replace with import' }).click();
  await expect(toast(page, 'Flow imported')).toBeVisible();
  await expectTitle(page, 'step_1', 'Fetch orders');
  await expectServer(page, id, (saved) => expect(saved.version.displayName).toBe('Imported orders'));

  // One undoable edit: Ctrl/Cmd+Z brings the old flow back.
  await focusCanvas(page);
  await page.keyboard.press('ControlOrMeta+Z');
  await expectTitle(page, 'step_1', 'Charge card');

  // Wrong files, told in the user's words; nothing is asked, nothing replaced.
  await importThroughHeader(page, file('notes.json', NAMELESS));
  await expect(toast(page, 'This file is not a Flowsmith or Activepieces workflow: it has no name (displayName).')).toBeVisible();
  await importThroughHeader(page, file('notes.txt', 'just some notes'));
  await expect(toast(page, 'This file is not a Flowsmith or Activepieces workflow: it is not JSON.')).toBeVisible();
  await expect(replaceDialog(page)).toHaveCount(0);
  await expect(node(page, 'step_1')).toContainText('Charge card');

  // A step the importer cannot read: asked first (the file looks like a workflow), then refused in words.
  await importThroughHeader(page, file('alien.json', ALIEN_STEP));
  await replaceDialog(page).getByRole('button', { name: 'Replace with import' }).click();
  await expect(toast(page, "This workflow cannot be imported: step 'step_1' is of type 'EMAIL', which Flowsmith does not have")).toBeVisible();
  await expectTitle(page, 'step_1', 'Charge card');

  // The list's Import: the server refuses, the toast says why in the same words.
  await page.goto('/workflows');
  await page.locator('input[type="file"]').first().setInputFiles(file('alien.json', ALIEN_STEP));
  await expect(toast(page, "This workflow cannot be imported: step 'step_1' is of type 'EMAIL'")).toBeVisible();
  await page.locator('input[type="file"]').first().setInputFiles(file('notes.json', NAMELESS));
  await expect(toast(page, 'it has no name (displayName).')).toBeVisible();

  // The dialog in dark at 375 px.
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize({ width: 375, height: 800 });
  await openEditor(page, id);
  // The phone header may fold its buttons away: the same picker, through its input.
  await page.locator('input[aria-label="Flow file to import"]').setInputFiles(file('orders.json', ORDERS));
  await expect(replaceDialog(page)).toBeVisible();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('import-dialog-dark-375.png') });
  await expectNoViolations(page, 'replace dialog (dark, 375)');
  await replaceDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expectTitle(page, 'step_1', 'Charge card');
});
