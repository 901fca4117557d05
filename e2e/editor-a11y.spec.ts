/**
 * The editor for everyone: an axe scan (WCAG 2 A and AA) of a flow with a loop and a router — the canvas,
 * the router's settings, the step picker and the shortcuts list — in light and dark, and a 375px-wide
 * phone where the page does not scroll sideways and the top bar's controls are reachable.
 */
import { readFile } from 'node:fs/promises';
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { fitView, node, openEditor, picker, stepSettings } from './editor-helpers.ts';

const FIXTURE = 'e2e/fixtures/activepieces-flow.json';


/**
 * Imports the fixture as setup and answers its id: a webhook trigger, step_2 a loop (For each order) with
 * two steps, step_5 a router (Route by total) with an empty branch; a skipped and an invalid step.
 */
async function importFlow(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const reply = await page.request.post('/api/workflow/import', {
    headers: { Authorization: `Bearer ${token}` },
    data: JSON.parse(await readFile(FIXTURE, 'utf8')),
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { flow: { id: string } }).flow.id;
}

for (const theme of ['light', 'dark'] as const) {
  test(`the editor with a loop and a router passes an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    const id = await importFlow(page);
    await openEditor(page, id);
    await fitView(page);
    await expect(page.locator('.canvas-container-label')).toHaveText('Loop: For each order');
    await expect(page.locator('.canvas-lane-label').first()).toBeVisible();
    // Opened on the first invalid step, with its settings.
    await expect(stepSettings(page)).toBeVisible();
    await expectNoViolations(page, `editor (${theme})`);

    // step_5 is the router 'Route by total' (branches 'Big orders', 'Has coupon', 'Otherwise').
    await fitView(page);
    await node(page, 'step_5').locator('.step-card').click();
    await expect(stepSettings(page).getByRole('heading', { name: 'Branches' })).toBeVisible();
    await expectNoViolations(page, `router settings (${theme})`);

    await page.getByRole('button', { name: 'Add a step to this branch', exact: true }).first().click();
    await expect(picker(page)).toBeVisible();
    await expectNoViolations(page, `step picker (${theme})`);
    await page.keyboard.press('Escape');
    await expect(picker(page)).toBeHidden();

    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expectNoViolations(page, `shortcuts (${theme})`);
  });
}

test.describe('on a 375px-wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the editor fits the width and its top bar is reachable', async ({ page }) => {
    await signedInPage(page);
    const id = await importFlow(page);
    await openEditor(page, id);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const bar = page.locator('.editor-bar');
    const controls = [
      bar.getByRole('link', { name: 'Workflows', exact: true }),
      page.getByRole('button', { name: 'Rename workflow' }),
      page.getByRole('button', { name: 'Run', exact: true }),
      // One row (issue 17): undo, redo, the shortcuts and Publish are in 'More actions'.
      page.getByRole('button', { name: 'More actions' }),
    ];
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, `${String(control)} inside the 375px width`).toBe(true);
    }
    // Still no sideways scroll of the page after reaching them.
    expect(await page.evaluate(() => window.scrollX)).toBe(0);

    // The top bar works: rename, and the shortcuts list opens and closes.
    await page.getByRole('button', { name: 'Rename workflow' }).click();
    await page.getByLabel('Workflow name').fill('Small screen');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Small screen');
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Publish' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Keyboard shortcuts' }).click();
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    // The canvas keeps room to work in, and a step's settings can be opened and closed.
    const canvasBox = await page.getByTestId('flow-canvas').boundingBox();
    expect(canvasBox && canvasBox.width >= 300 && canvasBox.height >= 200).toBe(true);
    await node(page, 'trigger').locator('.step-card').click();
    await expect(stepSettings(page)).toBeVisible();
    await stepSettings(page).getByRole('button', { name: 'Close settings' }).click();
    await expect(stepSettings(page)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
