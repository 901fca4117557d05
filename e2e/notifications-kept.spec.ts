/**
 * Issue 17: the bell's notifications survive a reload with their read state. A run with a Send
 * notification step leaves two (its message, its end); one is marked read from its row, the page is
 * reloaded, and the bell still lists both with one unread; 'Mark all as read' also holds across a reload.
 * The open panel is looked at in light and dark at 1280 and 375 px, axe finding nothing.
 */
import { expectNoViolations } from './axe.ts';
import { expect, signedInPage, test } from './fixtures.ts';
import { importFlow } from './flow-seeds.ts';

test('notifications are kept across reloads, read and unread', async ({ page }) => {
  test.setTimeout(60_000);
  await signedInPage(page);
  const flowId = await importFlow(page, 'Shipping', [
    {
      name: 'step_1',
      type: 'PIECE',
      displayName: 'Tell the team',
      valid: true,
      skip: false,
      settings: {
        pieceName: '@flowsmith/piece-notification',
        pieceVersion: '0.1.0',
        actionName: 'send_notification',
        input: { message: 'Order {{trigger.order}} shipped', level: 'success' },
        inputUiInfo: {},
      },
    },
  ]);
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAttribute('data-live-state', 'authenticated');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const run = await page.request.post(`/api/workflow/run/${flowId}`, { headers: { Authorization: `Bearer ${token}` }, data: { payload: { order: 42 } } });
  expect(run.status()).toBe(202);
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 15_000 });

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('button', { name: 'Mark as read: Order 42 shipped' }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByRole('listitem').nth(0)).toContainText('Run of “Shipping” succeeded');
  await expect(panel.getByRole('listitem').nth(0)).toContainText('(unread)');
  await expect(panel.getByRole('listitem').nth(1)).toContainText('Order 42 shipped');
  await expect(panel.getByRole('listitem').nth(1)).not.toContainText('(unread)');
  // Marked unread again by keyboard.
  await panel.getByRole('button', { name: 'Mark as unread: Order 42 shipped' }).focus();
  await page.keyboard.press('Enter');
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');

  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(panel).toBeVisible();
      await expectNoViolations(page, `${theme} ${width}`, { include: '.notification-panel' });
      await page.screenshot({ path: `.tmp/screens/notifications-${theme}-${width}.png` });
    }
  }

  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await page.reload();
  await expect(bell).toHaveAttribute('data-live-state', 'authenticated');
  await expect(bell).toHaveAccessibleName('Notifications');
});
