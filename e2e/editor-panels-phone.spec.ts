/**
 * Panels that keep the flow in view, and the editor on a phone (issue 17): opening the settings or the
 * runs panel keeps the selected card visible; the canvas's controls and minimap follow a dark theme; at
 * 375 px the top bar is one row (the rest in its 'More' menu), a run's result shows in view, and the
 * settings sheet closes with its button, with a swipe down, or with Escape, giving the canvas back.
 * Light and dark at 1280 and 375 px, each looked at in screenshots, with an axe scan.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { codeStep, importFlow } from './flow-seeds.ts';
import { node, openEditor, stepSettings } from './editor-helpers.ts';

test.describe.configure({ timeout: 90_000 });


const shot = (page: Page, name: string) => page.screenshot({ path: `.tmp/screens/editor-${name}.png` });

const steps = Array.from({ length: 6 }, (_, i) => codeStep(`step_${i + 1}`, `Compute part ${i + 1}`, 'export const code = async () => ({ ok: true })', {}));

const cardBox = (page: Page, name: string) => node(page, name).locator('.step-card').boundingBox();

for (const theme of ['light', 'dark'] as const) {
  test(`panels keep the flow in view; the editor on a phone (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInPage(page, 'Pat Panels');
    const id = await importFlow(page, 'Panels and phones', steps);
    await openEditor(page, id);
    await page.keyboard.press('Escape'); // the trigger's settings
    await expect(stepSettings(page)).toHaveCount(0);

    // A card near the right edge; opening its settings pans it out from under the panel.
    await page.locator('.react-flow__pane').hover({ position: { x: 600, y: 400 } });
    await expect(async () => {
      await page.mouse.wheel(-120, 0);
      expect((await cardBox(page, 'step_2'))?.x ?? 0).toBeGreaterThan(940);
    }).toPass({ timeout: 15_000 });
    await node(page, 'step_2').locator('.step-card').click();
    await expect(stepSettings(page)).toBeVisible();
    const panel = (await stepSettings(page).boundingBox())!;
    await expect.poll(async () => {
      const box = await cardBox(page, 'step_2');
      return box !== null && box.x >= 0 && box.x + box.width <= panel.x;
    }).toBe(true);
    // The canvas's controls follow the theme (React Flow's colour mode is the app's, not the OS's).
    await expect(page.locator('.react-flow')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    const zoomIn = page.getByRole('button', { name: 'Zoom In' });
    const background = await zoomIn.evaluate((el) => getComputedStyle(el).backgroundColor);
    const canvasBg = await page.locator('.editor-bar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe(canvasBg);
    await shot(page, `1280-${theme}`);
    await expectNoViolations(page, `editor 1280 ${theme}`);

    // A phone: the top bar is one row; the rest is in 'More actions'.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.keyboard.press('Escape');
    await expect(stepSettings(page)).toHaveCount(0);
    const bar = page.locator('.editor-bar');
    const barBox = (await bar.boundingBox())!;
    expect(barBox.height).toBeLessThan(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'More actions' }).click();
    const more = page.getByRole('menu');
    await expect(more.getByRole('menuitem', { name: 'Versions' })).toBeVisible();
    await shot(page, `375-menu-${theme}`);
    await expectNoViolations(page, `editor 375 menu ${theme}`);
    await page.keyboard.press('Escape');

    // Tapping a step opens its settings as a sheet; the card stays visible above it.
    await node(page, 'step_1').locator('.step-card').click();
    const sheet = stepSettings(page);
    await expect(sheet).toBeVisible();
    await expect.poll(async () => {
      const card = await cardBox(page, 'step_1');
      const sheetBox = await page.locator('.editor-side').boundingBox();
      return card !== null && sheetBox !== null && card.y >= barBox.y + barBox.height && card.y + card.height <= sheetBox.y;
    }).toBe(true);
    await shot(page, `375-sheet-${theme}`);
    await expectNoViolations(page, `editor 375 sheet ${theme}`);
    // A swipe down on the sheet's handle closes it.
    const side = (await page.locator('.editor-side').boundingBox())!;
    await page.mouse.move(side.x + side.width / 2, side.y + 8);
    await page.mouse.down();
    await page.mouse.move(side.x + side.width / 2, side.y + 60, { steps: 4 });
    await page.mouse.move(side.x + side.width / 2, side.y + 160, { steps: 4 });
    await page.mouse.up();
    await expect(sheet).toHaveCount(0);
    // Escape closes it too, and so does its close button.
    await node(page, 'step_1').locator('.step-card').click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await node(page, 'step_1').locator('.step-card').click();
    await sheet.getByRole('button', { name: 'Close settings' }).click();
    await expect(sheet).toHaveCount(0);

    // Run: 'Run started' in view, then the run's details in a sheet under the flow.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: /Run (started|succeeded)/ }).first();
    await expect(toast).toBeInViewport();
    // How it ended, in the run's sheet under the flow, whose cards take the run's colours.
    // The sheet follows the run's steps as they finish, so the last step's badge is the one in view.
    await expect(page.locator('.editor-side').getByText('Succeeded').last()).toBeInViewport({ timeout: 20_000 });
    await expect(node(page, 'step_1').locator('.step-card')).toHaveClass(/run-succeeded/);
    await expect(node(page, 'step_1')).toBeInViewport();
    await shot(page, `375-run-${theme}`);
  });
}
