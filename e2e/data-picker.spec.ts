/**
 * The data picker against the real server: 'Test step' on step_1 stores its output as sample data; on
 * step_2 the 'Insert data' button of an input's value lists it, choosing `sum` writes `{{step_1.sum}}`
 * into the field (saved like typing), and testing step_2 reads 3 through that reference. The open
 * picker passes an axe scan in light and dark, and fits a 375px-wide screen.
 *
 * The workflow is set up through the import API; everything checked goes through the UI.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectServer, openEditor, selectStep, stepSettings } from './editor-helpers.ts';
import { codeStep, importFlow } from './flow-seeds.ts';

const SUM_CODE = 'export const code = async (inputs) => ({ sum: inputs.a + inputs.b, items: [{ id: 7 }] })';
const ECHO_CODE = 'export const code = async (inputs) => inputs.x';

const testSection = (page: Page) => stepSettings(page).getByRole('region', { name: 'Test step' });
const dataPicker = (page: Page) => page.getByRole('dialog', { name: 'Insert data into Value of input 1' });

/** Signs in, imports the flow, tests step_1 and selects step_2 with its value field focused. */
async function prepare(page: Page) {
  await signedInPage(page);
  const id = await importFlow(page, 'Picker', [codeStep('step_1', 'Add numbers', SUM_CODE, { a: 1, b: 2 }), codeStep('step_2', 'Echo', ECHO_CODE, { x: '' })]);
  await openEditor(page, id);
  await selectStep(page, 'step_1');
  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).locator('.json-viewer-body')).toContainText('"sum": 3');
  // On a phone the panel covers the canvas.
  await stepSettings(page).getByRole('button', { name: 'Close settings' }).click();
  await selectStep(page, 'step_2');
  const value = stepSettings(page).getByLabel('Value of input 1', { exact: true });
  await value.focus();
  return { id, value };
}

test('insert a sample’s field into a step input, and the test reads it', async ({ page }) => {
  const { id, value } = await prepare(page);
  const insert = stepSettings(page).getByRole('button', { name: 'Insert data into Value of input 1' });
  await expect(insert).toBeVisible();
  await insert.click();
  const picker = dataPicker(page);
  await expect(picker).toBeVisible();
  const tree = picker.getByRole('tree', { name: 'Data from earlier steps' });
  // Only what runs before step_2: the trigger and step_1 (the nearest, open).
  await expect(tree.getByRole('treeitem', { level: 1 })).toHaveCount(2);
  await expect(tree.getByRole('treeitem', { level: 1 }).nth(1)).toHaveAttribute('aria-expanded', 'true');
  await expect(tree).not.toContainText('Echo');
  await tree.getByRole('treeitem', { name: /^sum/ }).click();

  await expect(picker).toBeHidden();
  await expect(value).toHaveValue('{{step_1.sum}}');
  await expect(value).toBeFocused();
  await expectServer(page, id, ({ steps }) => expect(steps.get('step_2')?.settings.input).toEqual({ x: '{{step_1.sum}}' }));

  await testSection(page).getByRole('button', { name: 'Test step' }).click();
  await expect(testSection(page).getByRole('status')).toContainText('Succeeded');
  await expect(testSection(page).locator('.json-viewer-body')).toHaveText('3');
});

test('the picker works from the keyboard: search, arrows, Enter, Escape', async ({ page }) => {
  const { value } = await prepare(page);
  await value.fill('n=');
  await page.keyboard.press('Tab'); // to the Insert data button
  await expect(page.getByRole('button', { name: 'Insert data into Value of input 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Search data by path' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dataPicker(page)).toBeHidden();
  await expect(value).toBeFocused();
  await expect(stepSettings(page)).toBeVisible(); // Escape closed the picker, not the panel

  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.type('items[0]');
  await expect(dataPicker(page).getByRole('treeitem')).toHaveCount(2); // items[0] and items[0].id
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(dataPicker(page).getByRole('treeitem').nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(value).toHaveValue('n={{step_1.items[0].id}}');
  await expect(value).toBeFocused();
  await page.keyboard.type('!');
  await expect(value).toHaveValue('n={{step_1.items[0].id}}!');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the open picker passes an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await prepare(page);
    await page.getByRole('button', { name: 'Insert data into Value of input 1' }).click();
    await expect(dataPicker(page).getByRole('treeitem', { name: /^sum/ })).toBeVisible();
    await expectNoViolations(page, `picker in ${theme}`, { include: '.data-picker' });
  });
}

test.describe('on a 375px-wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the picker fits the screen', async ({ page }) => {
    await prepare(page);
    await page.getByRole('button', { name: 'Insert data into Value of input 1' }).click();
    const box = await dataPicker(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await dataPicker(page).getByRole('treeitem', { name: /^sum/ }).click();
    await expect(stepSettings(page).getByLabel('Value of input 1', { exact: true })).toHaveValue('{{step_1.sum}}');
  });
});
