import { expect, signedInPage, test } from './fixtures.ts';

test('the sidebar sections lead to their screens', async ({ page }) => {
  const user = await signedInPage(page, 'Margaret Hamilton');
  const sections = page.getByRole('navigation', { name: 'Sections' });

  await sections.getByRole('button', { name: 'Workflows' }).click();
  for (const label of ['All Workflows', 'Executions', 'Schedules', 'Global Variables']) {
    await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Executions', exact: true }).click();
  await expect(page).toHaveURL(/\/executions$/);
  await expect(page).toHaveTitle('Executions | Flowsmith');
  // New makes a workflow and opens its editor (which has no sidebar); Back returns where we were.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page).toHaveURL(/\/workflows\/[0-9a-f-]{36}\/edit$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/executions$/);

  await sections.getByRole('button', { name: 'Settings' }).click();
  for (const label of ['Account', 'Billing', 'API Keys', 'Payment Cards', 'Invoice Addresses']) {
    await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('main').getByText(user.email)).toBeVisible();

  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('Margaret Hamilton')).toBeVisible();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('MH');
});

test('the sidebar state is kept in a cookie for 7 days, toggled by button or Ctrl+B', async ({ page, context }) => {
  await signedInPage(page);
  const shell = page.locator('.shell');
  await expect(shell).toHaveAttribute('data-sidebar', 'open');

  await page.keyboard.press('Control+b');
  await expect(shell).toHaveAttribute('data-sidebar', 'collapsed');
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7.01);

  await page.reload();
  await expect(shell).toHaveAttribute('data-sidebar', 'collapsed');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(shell).toHaveAttribute('data-sidebar', 'open');
  await page.reload();
  await expect(shell).toHaveAttribute('data-sidebar', 'open');
});

test('the theme toggle flips dark and light and is remembered; no choice follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedInPage(page);
  const html = page.locator('html');
  await expect(html).toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await page.reload();
  await expect(html).not.toHaveClass(/dark/);

  // An invalid stored value means "system", and system follows the OS live.
  await page.evaluate(() => localStorage.setItem('theme', 'purple'));
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/dark/);
});

test('the editor route has no sidebar', async ({ page, allowConsole }) => {
  // A made-up id answers 404, as any missing workflow does (issue 16).
  allowConsole(/status of 404/);
  await signedInPage(page);
  await page.goto('/workflows/some-id/edit');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveCount(0);
});

test('logout reaches the login page even when the server call fails', async ({ page, allowConsole }) => {
  allowConsole(/status of 500/);
  await signedInPage(page);
  await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, body: '{}' }));
  // A mark on this page's window: a full reload starts a new window without it, a router push keeps it.
  await page.evaluate(() => ((window as unknown as { beforeLogout?: boolean }).beforeLogout = true));
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  // Logout reloads the page: read storage from the login page once it is on screen, not mid-navigation.
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => (window as unknown as { beforeLogout?: boolean }).beforeLogout)).toBeUndefined();
  expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')])).toEqual([null, null]);
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the sidebar is an overlay sheet that navigation and Escape close', async ({ page }) => {
    await signedInPage(page);
    const shell = page.locator('.shell');
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
    await expect(shell).toHaveAttribute('data-sidebar', 'none');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Navigation' });
    await expect(sheet).toBeVisible();
    const width = await sheet.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(18 * 16);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sheet.getByRole('button', { name: 'Workflows' }).click();
    await sheet.getByRole('link', { name: 'Schedules' }).click();
    await expect(page).toHaveURL(/\/schedules$/);
    await expect(sheet).toHaveCount(0);
    // Nothing overflows the narrow screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the sign-in form fits and works', async ({ page }) => {
    await page.goto('/login');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  });
});

test('signing out of all devices ends the other sessions too', async ({ page, browser }) => {
  const user = await signedInPage(page);
  // The same person on another computer.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(user.email);
  await other.getByLabel('Password', { exact: true }).fill(user.password);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();

  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The other computer's session cannot be renewed any more: its next refresh sends it to login.
  await other.evaluate(() => {
    localStorage.setItem('accessToken', 'expired');
    localStorage.removeItem('user');
  });
  await other.goto('/workflows');
  await expect(other).toHaveURL(/\/login\?redirect=%2Fworkflows$/);
  await elsewhere.close();
});

test('the login page’s scripts are sent as the same files whether gzip, brotli or neither is accepted', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.src).filter(Boolean));
  expect(scripts.length).toBeGreaterThan(0);
  for (const src of scripts) {
    const plain = await page.request.get(src, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const original = await plain.body();
    for (const encoding of ['gzip', 'br']) {
      // The request context undoes the encoding, so a broken precompressed copy fails here.
      const encoded = await page.request.get(src, { headers: { 'accept-encoding': encoding } });
      expect(encoded.headers()['content-encoding'], `${src} as ${encoding}`).toBe(encoding);
      expect((await encoded.body()).equals(original), `${src} as ${encoding}`).toBe(true);
    }
  }
});
