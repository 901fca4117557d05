/**
 * A code step in the code editor (CodeMirror) against the real server and sandbox: a syntax error is
 * marked in the code and named under it, and 'Test step' refuses to run (nothing sent) naming the line;
 * once fixed, `inputs.` completes the step's declared inputs, Ctrl/Cmd+F is the editor's own search,
 * Escape then Tab leaves the editor without closing the panel; the step tests, and the code is kept
 * after a reload. Then the same editor in light and dark, at 1280 and 375 px, with an axe scan each.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectSaved, node, openEditor, selectStep, stepSettings } from './editor-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const BROKEN = 'export const code = async (inputs) => {\n  return inputs.a +;\n};';
const FIXED_START = 'export const code = async (inputs) => ({ sum: inputs.a + inputs.';
const FIXED = 'export const code = async (inputs) => ({ sum: inputs.a + inputs.b })';

const codeField = (page: Page) => stepSettings(page).getByRole('textbox', { name: 'Code' });
const testSection = (page: Page) => stepSettings(page).getByRole('region', { name: 'Test step' });


/**
 * Opens step_1's settings: the editor may open with it already selected (it needs configuration), and on
 * a phone the settings sheet then covers its card.
 */
async function openCodeStep(page: Page) {
  await expect(async () => {
    if (!(await codeField(page).isVisible())) await node(page, 'step_1').locator('.step-card').click({ timeout: 1_000 });
    await expect(codeField(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Replaces the whole code as a paste would (no brackets closed for us). */
async function replaceCode(page: Page, code: string) {
  await codeField(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(code);
}

test('write code with a syntax error, see it marked and the test refused, fix it with completion, test it, keep it', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInPage(page);
  const id = await importFlow(page, 'Adder', [codeStep('step_1', 'Add numbers', 'export const code = async () => 0', { a: 1, b: 2 })]);
  await openEditor(page, id);
  await selectStep(page, 'step_1');
  await expect(codeField(page)).toHaveAccessibleDescription(/Tab indents\. Press Escape, then Tab, to move on\./);

  await replaceCode(page, BROKEN);
  await expect(stepSettings(page).locator('.cm-lintRange-error')).toHaveText(';');
  await expect(stepSettings(page).getByText('Syntax error on line 2: Unexpected “;”.')).toBeVisible();
  await expect(codeField(page)).toHaveAttribute('aria-invalid', 'true');

  let tested = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/workflow/sample')) tested++;
  });
  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).getByRole('alert')).toContainText('The test did not run');
  await expect(testSection(page).getByRole('alert')).toContainText('Fix the syntax error on line 2 before testing: Unexpected “;”.');
  expect(tested).toBe(0);

  await expectNoViolations(page, 'code editor with a syntax error');

  // Fix it, completing the second input's name from the step's declared inputs.
  await replaceCode(page, FIXED_START);
  await page.keyboard.press('Control+Space');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['ainput', 'binput']);
  // CodeMirror ignores keys for a moment after the list opens (its interactionDelay): press ArrowDown
  // until the second option is the highlighted one, then Enter accepts it.
  await expect(async () => {
    if ((await options.nth(1).getAttribute('aria-selected')) === null) await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Enter');
  await expect(codeField(page)).toHaveText(`${FIXED_START}b`);
  await page.keyboard.type(' })');
  await expect(codeField(page)).toHaveText(FIXED);
  await expect(stepSettings(page).locator('.cm-lintRange-error')).toHaveCount(0);
  await expect(stepSettings(page).getByText(/Syntax error on line/)).toHaveCount(0);

  // Ctrl/Cmd+F is the editor's own search; Escape closes it and leaves the panel open.
  await page.keyboard.press('ControlOrMeta+F');
  const find = stepSettings(page).getByRole('textbox', { name: 'Find' });
  await expect(find).toBeFocused();
  await page.keyboard.type('inputs.b');
  await expect(stepSettings(page).locator('.cm-searchMatch')).toHaveText('inputs.b');
  await page.keyboard.press('Escape');
  await expect(find).toBeHidden();
  await expect(codeField(page)).toBeFocused();

  // Tab indents; Escape then Tab leaves the editor, and the panel stays open.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Tab');
  await expect(codeField(page)).toHaveText(`${FIXED}  `);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(codeField(page)).not.toBeFocused();
  await expect(stepSettings(page)).toBeVisible();
  await expect(codeField(page)).toHaveText(FIXED);

  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).getByRole('status')).toContainText('Succeeded');
  await expect(testSection(page).locator('.json-viewer-body')).toContainText('"sum": 3');
  expect(tested).toBe(1);
  await expectSaved(page);

  await openEditor(page, id);
  await selectStep(page, 'step_1');
  await expect(codeField(page)).toHaveText(FIXED);
});

test('the code editor in light and dark, wide and narrow', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInPage(page);
  const id = await importFlow(page, 'Looks', [codeStep('step_1', 'Broken', BROKEN, { a: 1 })]);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openEditor(page, id);
      await openCodeStep(page);
      await expect(stepSettings(page).locator('.cm-lintRange-error')).toBeVisible();
      await codeField(page).click();
      await page.keyboard.press('ControlOrMeta+F');
      await expect(stepSettings(page).getByRole('textbox', { name: 'Find' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`code-editor-${theme}-${width}.png`) });
      await expectNoViolations(page, `code editor (${theme}, ${width})`);
    }
  }
});
