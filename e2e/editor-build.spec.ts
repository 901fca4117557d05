/**
 * The editor builds a flow through the UI only: the Manual trigger picked in the right panel, a loop and
 * a router added with the canvas's '+' buttons and the step picker, a condition of 'Branch 1' edited in
 * the panel; the canvas shows it and the server holds it once the indicator reads 'Saved'.
 */
import { expect, test } from './fixtures.ts';
import { buildLoopAndRouter, expectSaved, expectServer, expectTitle, node, openNewWorkflow, selectStep, serverVersion, stepSettings } from './editor-helpers.ts';

test('build a flow with a loop and a router, edit a condition, and find it saved', async ({ page }) => {
  const { id } = await openNewWorkflow(page, 'Loop and router');

  // A new workflow opens with its (invalid) trigger selected and its settings open.
  await expect(stepSettings(page).getByRole('heading', { name: 'Choose how the workflow starts' })).toBeVisible();
  await buildLoopAndRouter(page);

  // The loop is drawn as a container around its body, the router as one lane per branch.
  await expect(page.locator('.canvas-container-label')).toHaveText('Loop: Loop on Items');
  await expect(page.locator('.canvas-lane-label')).toHaveText(['Branch 1', 'Otherwise']);
  await expect(page.getByRole('button', { name: 'Add a step to this branch', exact: true })).toHaveCount(1);

  // Edit Branch 1's condition in the right panel.
  await selectStep(page, 'step_4');
  const panel = stepSettings(page);
  await expect(panel.getByRole('heading', { name: 'Router', level: 2 })).toBeVisible();
  const branch = panel.getByRole('region', { name: 'Branch 1' });
  await branch.getByLabel('First value').fill('{{step_1.total}}');
  const operator = branch.getByLabel('Operator');
  await operator.selectOption('NUMBER_IS_GREATER_THAN');
  await expect(branch.getByLabel('Second value')).toBeVisible();
  await branch.getByLabel('Second value').fill('100');
  await expectServer(page, id, (saved) =>
    expect(saved.steps.get('step_4')?.settings.branches?.[0]?.conditions?.[0]?.[0]).toMatchObject({
      firstValue: '{{step_1.total}}',
      operator: 'NUMBER_IS_GREATER_THAN',
      secondValue: '100',
    }),
  );

  // 'exists' takes no second value: the field goes away.
  await operator.selectOption({ label: 'exists' });
  await expect(branch.getByLabel('Second value')).toHaveCount(0);
  await expect(branch.getByLabel('First value')).toHaveValue('{{step_1.total}}');
  // The loop's items, so the loop is configured too.
  await selectStep(page, 'step_2');
  await stepSettings(page).getByLabel('Items').fill('{{step_1.orders}}');
  await expect(node(page, 'step_2').locator('.step-card')).not.toHaveClass(/is-invalid/);

  await expectSaved(page);
  const saved = await serverVersion(page, id);
  expect(saved.version.trigger).toMatchObject({ type: 'PIECE_TRIGGER', displayName: 'Run manually', next: 'step_1' });
  expect(saved.version.trigger.settings).toMatchObject({ pieceName: '@flowsmith/piece-manual', triggerName: 'manual' });
  expect(saved.names).toEqual(['step_1', 'step_2', 'step_3', 'step_4', 'step_5']);
  expect(saved.steps.get('step_1')).toMatchObject({ type: 'CODE', next: 'step_2' });
  expect(saved.steps.get('step_2')).toMatchObject({ type: 'LOOP_ON_ITEMS', firstLoopStep: 'step_3', next: 'step_4', valid: true });
  expect(saved.steps.get('step_2')?.settings.items).toBe('{{step_1.orders}}');
  expect(saved.steps.get('step_3')).toMatchObject({ type: 'CODE', next: null });
  expect(saved.steps.get('step_4')).toMatchObject({ type: 'ROUTER', next: null, children: ['step_5', null] });
  const branches = saved.steps.get('step_4')?.settings.branches ?? [];
  expect(branches.map((b) => [b.branchName, b.branchType])).toEqual([
    ['Branch 1', 'CONDITION'],
    ['Otherwise', 'FALLBACK'],
  ]);
  expect(branches[0]?.conditions?.[0]?.[0]).toMatchObject({ firstValue: '{{step_1.total}}', operator: 'EXISTS' });

  // What the canvas shows after a reload is what the server has.
  await page.reload();
  await expectTitle(page, 'step_5', 'Code');
  await expect(page.locator('.canvas-lane-label')).toHaveText(['Branch 1', 'Otherwise']);
});
