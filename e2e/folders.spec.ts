/**
 * Folders (issue 16) against the real server: in the workflow list, create a folder, move a workflow into
 * it from the row menu, filter by it (by keyboard), rename it, delete it (its workflow stays, uncategorized);
 * in the editor, SPEC §4's change status and change folder from the workflow menu and the keyboard; axe
 * scans of both in light and dark at 1280 and 375 px.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, test } from './fixtures.ts';
import { canvas, createWorkflow, openEditor } from './editor-helpers.ts';
import { importFlow } from './flow-seeds.ts';

async function api(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  return {
    folder: async (displayName: string) => {
      const reply = await page.request.post('/api/folders', { headers, data: { displayName } });
      expect(reply.status()).toBe(201);
      return ((await reply.json()) as { id: string }).id;
    },
    move: async (id: string, folderId: string) => expect((await page.request.put('/api/workflow', { headers, data: { id, folderId } })).status()).toBe(200),
    publish: async (id: string) => {
      const { version } = (await (await page.request.get(`/api/workflow/${id}`, { headers })).json()) as { version: { id: string } };
      expect((await page.request.post('/api/workflow/publish', { headers, data: { workflow_id: id, version_id: version.id } })).status()).toBe(200);
    },
    flow: async (id: string) => ((await (await page.request.get(`/api/workflow/${id}`, { headers })).json()) as { flow: { status: string; folderId: string | null } }).flow,
  };
}


const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const folderEntry = (page: Page, name: string) => folders(page).getByRole('button', { name: new RegExp(`^${name} \\d+ workflows?$`) });
const rows = (page: Page) => page.getByRole('region', { name: 'Workflow list' }).getByRole('link');

test('a folder: create it, move a workflow in, filter, rename, delete (the workflow stays)', async ({ page }) => {
  await signedInPage(page);
  await createWorkflow(page, 'Invoice sync');
  await createWorkflow(page, 'Lead intake');
  await page.goto('/workflows');
  await expect(folders(page).getByText('No folders yet')).toBeVisible();
  await expect(folderEntry(page, 'All workflows')).toHaveAccessibleName('All workflows 2 workflows');

  // Create: the name is checked as typed; the new folder is selected and says how to fill it.
  await folders(page).getByRole('button', { name: 'New folder' }).click();
  const create = page.getByRole('dialog', { name: 'New folder' });
  await create.getByLabel('Folder name').fill('   ');
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create.getByText('Enter a folder name')).toBeVisible();
  await create.getByLabel('Folder name').fill('Reports');
  await create.getByRole('button', { name: 'Create folder' }).click();
  await expect(create).toBeHidden();
  await expect(folderEntry(page, 'Reports')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect(page).toHaveURL(/folder=/);

  // Move from the row menu of the whole list.
  await page.getByRole('button', { name: 'Show all workflows' }).click();
  await page.getByRole('button', { name: 'Actions for Invoice sync' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  const move = page.getByRole('dialog', { name: 'Move to folder' });
  await move.getByLabel('Folder').selectOption({ label: 'Reports' });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  await expect(page.getByText('Moved "Invoice sync" to Reports')).toBeVisible();
  await expect(folderEntry(page, 'Reports')).toHaveAccessibleName('Reports 1 workflow');
  await expect(folderEntry(page, 'Uncategorized')).toHaveAccessibleName('Uncategorized 1 workflow');

  // Filter by keyboard: Tab to the folder, Enter.
  await folderEntry(page, 'Reports').focus();
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveText(['Invoice sync']);
  await folderEntry(page, 'Uncategorized').click();
  await expect(rows(page)).toHaveText(['Lead intake']);
  await page.reload();
  await expect(folderEntry(page, 'Uncategorized')).toHaveAttribute('aria-current', 'true');
  await expect(rows(page)).toHaveText(['Lead intake']);

  // Rename; a name already taken (in any case) is refused in the dialog.
  await folders(page).getByRole('button', { name: 'Actions for folder Reports' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename folder' });
  await rename.getByLabel('Folder name').fill('Finance reports');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  await expect(folderEntry(page, 'Finance reports')).toBeVisible();

  // Delete: the question says the workflows move out; afterwards the workflow is uncategorized.
  await folderEntry(page, 'Finance reports').click();
  await folders(page).getByRole('button', { name: 'Actions for folder Finance reports' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete folder?' });
  await expect(confirm).toContainText('Its 1 workflow will not be deleted: they move to Uncategorized');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete folder' }).click();
  await expect(page.getByText('1 workflow moved to Uncategorized')).toBeVisible();
  await expect(folderEntry(page, 'All workflows')).toHaveAttribute('aria-current', 'true');
  await expect(folderEntry(page, 'Uncategorized')).toHaveAccessibleName('Uncategorized 2 workflows');
  // Moving out stamps the workflow as changed: it leads the list.
  await expect(rows(page)).toHaveText(['Invoice sync', 'Lead intake']);
  await expect(folders(page).getByText('No folders yet')).toBeVisible();
});

test('the editor changes the status and the folder (SPEC §4) from its menu and the keyboard', async ({ page, allowConsole }) => {
  allowConsole(/status of 400/);
  await signedInPage(page);
  const client = await api(page);
  const archive = await client.folder('Archive');
  const draftOnly = await createWorkflow(page, 'Never published');
  const live = await importFlow(page, 'Nightly export', []);
  await client.publish(live);

  // Never published: as the list's switch, the refusal says why and nothing changes.
  await openEditor(page, draftOnly);
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+E');
  await expect(page.getByText('Publish a version with a valid trigger before enabling this workflow')).toBeVisible();
  expect((await client.flow(draftOnly)).status).toBe('DISABLED');

  // Published: enable from the menu, disable with Shift+E.
  await openEditor(page, live);
  await page.getByRole('button', { name: 'Workflow settings' }).click();
  await page.getByRole('menuitem', { name: /Enable workflow/ }).click();
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  expect((await client.flow(live)).status).toBe('ENABLED');
  await canvas(page).click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Shift+E');
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  await expect.poll(async () => (await client.flow(live)).status).toBe('DISABLED');

  // Change folder with M; the menu then names the folder.
  await page.keyboard.press('m');
  const move = page.getByRole('dialog', { name: 'Move to folder' });
  await move.getByLabel('Folder').selectOption({ label: 'Archive' });
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toBeHidden();
  expect((await client.flow(live)).folderId).toBe(archive);
  await page.getByRole('button', { name: 'Workflow settings' }).click();
  await expect(page.getByRole('menuitem', { name: /Change folder/ })).toContainText('Archive');
  await page.keyboard.press('Escape');

  // Both are in the shortcuts list.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('row', { name: /Shift \+ E Change status/ })).toBeVisible();
  await expect(sheet.getByRole('row', { name: /^M Change folder/ })).toBeVisible();
});

test('folders pass axe in light and dark at 1280 and 375 px', async ({ page }) => {
  test.setTimeout(180_000);
  await signedInPage(page);
  const client = await api(page);
  const reports = await client.folder('Quarterly reports with a long folder name');
  await client.folder('Ops');
  await client.move(await createWorkflow(page, 'Invoice sync'), reports);
  const loose = await createWorkflow(page, 'Lead intake');
  for (const theme of ['light', 'dark'] as const) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/workflows');
      await expect(folderEntry(page, 'Ops')).toBeVisible();
      await expectNoViolations(page, `list ${theme} ${width}`);
      // The dialog and the editor's menu once per theme, each at another width (keeps the suite short).
      if ((theme === 'light') !== (width === 1280)) continue;
      await page.getByRole('button', { name: 'Actions for Lead intake' }).click();
      await page.getByRole('menuitem', { name: 'Move to folder' }).click();
      await expect(page.getByRole('dialog', { name: 'Move to folder' })).toBeVisible();
      await expectNoViolations(page, `move dialog ${theme} ${width}`);
      await page.keyboard.press('Escape');
      await openEditor(page, loose);
      // On a phone the workflow's settings are in the top bar's 'More actions' (issue 17).
      await page.getByRole('button', { name: width > 400 ? 'Workflow settings' : 'More actions' }).click();
      await expect(page.getByRole('menuitem', { name: /Change folder/ })).toBeVisible();
      await expectNoViolations(page, `editor menu ${theme} ${width}`);
      await page.keyboard.press('Escape');
    }
  }
});
