/**
 * Reaching a step in a large flow (issue 17), keyboard first: Ctrl+F finds a deep step of a generated
 * 2,000-step flow and the canvas jumps to it with it selected; Ctrl+K runs a command from the palette;
 * the right-click menu duplicates a step (and opens from the keyboard with Shift+F10); F2 renames a step
 * on its card (Escape cancels, an empty name is refused, Enter saves).
 */
import type { Page } from '@playwright/test';
import { mixedFlow } from '../bench/flow-generator.ts';
import { expect, signedInPage, test } from './fixtures.ts';
import { expectServer, node, openEditor } from './editor-helpers.ts';

test.describe.configure({ timeout: 90_000 });

async function importGenerated(page: Page, size: number): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const reply = await page.request.post('/api/workflow/import', { headers: { Authorization: `Bearer ${token}` }, data: mixedFlow(size).nested });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { flow: { id: string } }).flow.id;
}

const focusedNodeId = (page: Page) => page.evaluate(() => (document.activeElement?.closest('.react-flow__node') as HTMLElement | null)?.dataset.id ?? null);

test('find a deep step, run a command from the palette, use the context menu, rename in place', async ({ page }) => {
  await signedInPage(page, 'Ada Finder');
  const id = await importGenerated(page, 2000);
  await openEditor(page, id);
  await page.keyboard.press('Escape'); // the trigger's settings (it is invalid) close
  await page.locator('.react-flow__pane').click({ position: { x: 20, y: 20 } });

  // Ctrl+F on the canvas opens the find box (not the browser's), results as you type.
  await page.keyboard.press('Control+f');
  const find = page.getByRole('combobox', { name: 'Find a step' });
  await expect(find).toBeFocused();
  await find.fill('step_1987');
  const results = page.getByRole('listbox', { name: 'Find a step' });
  await expect(results.getByRole('option').first()).toContainText('step_1987');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  // By display name, case-insensitive; the arrow keys move through the results.
  await find.fill('REQUEST STEP_19');
  await expect(page.locator('.find-box .search-list-status')).toContainText('steps');
  const second = results.getByRole('option').nth(1);
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const secondName = (await second.locator('.search-list-detail').textContent()) ?? '';
  expect(secondName).toMatch(/^step_19/);
  // Enter jumps: the card is on screen, selected, with the focus.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('search', { name: 'Find a step' })).toHaveCount(0);
  await expect(node(page, secondName).locator('.step-card')).toHaveClass(/is-primary/);
  await expect(node(page, secondName)).toBeInViewport();
  await expect.poll(() => focusedNodeId(page)).toBe(secondName);

  // F2 renames on the card: Escape cancels, an empty name is refused, Enter saves.
  await page.keyboard.press('F2');
  const rename = page.getByRole('textbox', { name: `Name of ${secondName}` });
  await expect(rename).toBeFocused();
  await page.keyboard.type('Never saved');
  await page.keyboard.press('Escape');
  await expect(rename).toHaveCount(0);
  await expect(node(page, secondName).locator('.step-card-title')).not.toHaveText('Never saved');
  await expect.poll(() => focusedNodeId(page)).toBe(secondName);
  await page.keyboard.press('F2');
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a name' })).toBeVisible();
  await page.keyboard.type('Charge the card');
  await page.keyboard.press('Enter');
  await expect(node(page, secondName).locator('.step-card-title')).toHaveText('Charge the card');
  await expectServer(page, id, ({ steps }) => expect(steps.get(secondName)?.displayName).toBe('Charge the card'));

  // The context menu from the keyboard (Shift+F10) on the focused card; Duplicate does what Ctrl+D does.
  await expect.poll(() => focusedNodeId(page)).toBe(secondName);
  await page.keyboard.press('Shift+F10');
  const stepMenu = page.getByRole('menu', { name: 'Step actions' });
  await expect(stepMenu).toBeVisible();
  await expect(stepMenu.getByRole('menuitem', { name: /Duplicate/ })).toContainText('Ctrl/Cmd+D');
  await expect(stepMenu.getByRole('menuitem', { name: /Rename/ })).toContainText('F2');
  await page.keyboard.press('Escape');
  await expect(stepMenu).toHaveCount(0);
  // Right-click on the card, then Duplicate: a copy named '<name> Copy' as a fresh step_N.
  await node(page, secondName).locator('.step-card').click({ button: 'right' });
  await stepMenu.getByRole('menuitem', { name: /Duplicate/ }).click();
  await expect(page.locator('.step-card-title', { hasText: 'Charge the card Copy' })).toBeVisible();
  await expectServer(page, id, ({ steps }) => expect([...steps.values()].some((step) => step.displayName === 'Charge the card Copy')).toBe(true));

  // Right-click on the background: the canvas's menu.
  await page.locator('.react-flow__pane').click({ button: 'right', position: { x: 30, y: 200 } });
  const canvasMenu = page.getByRole('menu', { name: 'Canvas actions' });
  await expect(canvasMenu.getByRole('menuitem', { name: /Fit view/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Ctrl+K: the palette lists commands with their keys; typing filters, Enter runs the command.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('combobox', { name: 'Command palette' });
  await expect(palette).toBeFocused();
  const options = page.getByRole('listbox', { name: 'Command palette' }).getByRole('option');
  await expect(options.filter({ hasText: 'Undo' }).first()).toContainText('Ctrl/Cmd+Z');
  await palette.fill('keyboard shortcuts');
  await expect(options.first()).toContainText('Keyboard shortcuts');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Find a step');
  // Ark registers the dialog's Escape handler a frame after it shows: on a loaded machine an Escape sent at
  // once went to the canvas (CI, 1 run in ~20). A user cannot press that fast; press again if it was missed.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });

  // The palette finds steps too: Enter jumps there. Ctrl+K pressed while the closed dialog's focus is
  // still settling left no palette in 1 run of 6 here: press it again then.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(palette).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await palette.fill('step_1500');
  await expect(options.filter({ hasText: 'step_1500' }).first()).toBeVisible();
  await options.filter({ hasText: 'step_1500' }).first().click();
  await expect(node(page, 'step_1500').locator('.step-card')).toHaveClass(/is-primary/);
  await expect(node(page, 'step_1500')).toBeInViewport();

  // Fit view on the large flow: an overview where cards are still cards (looked at in the screenshot).
  await page.getByRole('button', { name: 'Fit view' }).click();
  await expect(node(page, 'trigger')).toBeInViewport();
  await page.screenshot({ path: '.tmp/screens/editor-2000-fit.png' });
});

test('a 6,000-step flow opens: a step picked at once stays picked, and its edit is saved', async ({ page }) => {
  await signedInPage(page, 'Ada Opener');
  const id = await importGenerated(page, 6000);
  await page.goto(`/workflows/${id}/edit`);
  await expect(node(page, 'step_1')).toBeVisible({ timeout: 30_000 });
  // Picked at once, maybe before the worker has confirmed the version ('Opening…'): the pick holds, and
  // its settings open editable once it has.
  await node(page, 'step_1').locator('.step-card').click();
  await expect(page.getByTestId('save-indicator')).toHaveText('Saved', { timeout: 30_000 });
  await expect(node(page, 'step_1').locator('.step-card')).toHaveClass(/is-primary/);
  const settings = page.getByRole('complementary', { name: 'Step settings' });
  const name = settings.getByRole('textbox', { name: 'Display name' });
  await expect(name).toBeEditable();
  await name.fill('Checked and editable');
  await expect(node(page, 'step_1').locator('.step-card-title')).toHaveText('Checked and editable');
  await expectServer(page, id, ({ steps }) => expect(steps.get('step_1')?.displayName).toBe('Checked and editable'));
});
