/**
 * Accessibility as a person with a keyboard or a screen reader meets it: an axe scan of every screen
 * (WCAG 2 A and AA rules, light and dark), and the main paths done with the keyboard alone.
 */
import { expectNoViolations } from './axe.ts';
import { expect, signedInPage, test, uniqueEmail } from './fixtures.ts';


for (const theme of ['light', 'dark'] as const) {
  test(`guest screens pass an axe scan in ${theme}`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=x', '/no/such/page']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expectNoViolations(page, path);
    }
  });

  test(`signed-in screens pass an axe scan in ${theme}`, async ({ page, allowConsole }) => {
    // Four screens and a menu, each scanned: more than one screen's share of the default 30 s on a busy machine.
    test.setTimeout(60_000);
    allowConsole(/status of 404/); // the editor of a made-up id: 404 as any missing workflow (issue 16)
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await signedInPage(page);
    for (const path of ['/', '/workflows', '/settings/profile', '/workflows/x/edit']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expectNoViolations(page, path);
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'user menu');
  });
}

test('sign in and out with the keyboard alone', async ({ page }) => {
  const user = { name: 'Keyboard Kim', email: uniqueEmail('keys'), password: 'only-the-keys' };
  expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
  await page.goto('/login');
  // The form loads lazily: start typing once it is there, as a person would.
  await expect(page.getByLabel('Email')).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Flowsmith home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(user.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  // The shell and the dashboard load lazily: tab once they are on screen.
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();

  // Skip link first, then the shell's controls, each announced by name.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const menuButton = page.getByRole('button', { name: 'User menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  // The menu keeps focus and marks the active item (aria-activedescendant), as WAI-ARIA menus do.
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
});

test('the sidebar toggles from the keyboard', async ({ page }) => {
  await signedInPage(page);
  await expect(page.locator('.shell')).toHaveAttribute('data-sidebar', 'open');
  await page.keyboard.press('Control+b');
  await expect(page.locator('.shell')).toHaveAttribute('data-sidebar', 'collapsed');
  await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.shell')).toHaveAttribute('data-sidebar', 'open');
});
