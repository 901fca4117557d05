/**
 * The profile screen against the real server: renaming, changing the password (this tab stays signed
 * in), changing the email through the link mailed to the outbox — opened signed out, so it goes through
 * the sign-in page and its redirect —, 'Sign out of all devices' asking first, and deleting the account
 * after typing DELETE, ending on the login page with the account gone. One walk through light and dark
 * at 1280 and 375 px with axe scans of the screen and its dialogs.
 */
import { expectNoViolations } from './axe.ts';
import type { Page } from '@playwright/test';
import { expect, signedInPage, signInThroughUi, test, uniqueEmail } from './fixtures.ts';
import { latestMailAddressedTo } from './account-mail.ts';


const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

// Each test is a whole journey (several password hashes on the server, two browsers, eight axe scans).
test.describe.configure({ timeout: 90_000 });

test('rename, change the password and confirm a new email from the mailed link', async ({ page, browser }) => {
  const user = await signedInPage(page, 'Ada Lovelace');
  await page.goto('/settings/profile');
  await expect(page).toHaveTitle('Profile | Flowsmith');

  const name = card(page, 'Name');
  await name.getByLabel('Name').fill('');
  await name.getByLabel('Name').blur();
  await expect(name.getByText('Name is required')).toBeVisible();
  await name.getByLabel('Name').fill('Countess Lovelace');
  await name.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name saved')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('Countess Lovelace')).toBeVisible();
  await page.keyboard.press('Escape');

  const password = card(page, 'Password');
  await password.getByLabel('Current password').fill('not my password');
  await password.getByLabel('New password', { exact: true }).fill('a much better password');
  await password.getByLabel('Confirm new password').fill('a much better passwort');
  await password.getByLabel('Confirm new password').blur();
  await expect(password.getByText("Passwords don't match")).toBeVisible();
  await password.getByLabel('Confirm new password').fill('a much better password');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('The password is incorrect')).toBeVisible();
  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  // This tab stays signed in: a reload reads the account with the fresh tokens.
  await page.reload();
  await expect(card(page, 'Email').getByText(user.email)).toBeVisible();

  const newEmail = uniqueEmail('ada-new');
  const email = card(page, 'Email');
  await email.getByLabel('New email').fill(newEmail);
  await email.getByLabel('Current password').fill('a much better password');
  await email.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}. Your email changes when you open it.`)).toBeVisible();
  await expect(email.getByText(`Waiting for confirmation: ${newEmail}`)).toBeVisible();
  // Mail is written in the background: read the outbox once it is there.
  await expect.poll(() => latestMailAddressedTo(user.email) ?? '').toContain(newEmail);
  await expect.poll(() => latestMailAddressedTo(newEmail) ?? '').toContain('email_token=');

  // The link, opened in a browser that is not signed in: sign in first, then the change happens.
  const link = /https?:\/\/\S+\/settings\/profile\?email_token=[A-Za-z0-9_-]+/.exec(latestMailAddressedTo(newEmail) ?? '')?.[0];
  expect(link).toBeDefined();
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(link!);
  await expect(other).toHaveURL(/\/login\?redirect=%2Fsettings%2Fprofile%3Femail_token%3D/);
  await signInThroughUi(other, { email: user.email, password: 'a much better password' });
  await expect(other.getByText(`Your email is now ${newEmail}.`).first()).toBeVisible();
  await expect(other).toHaveURL(/\/settings\/profile$/);
  await expect(card(other, 'Email').getByText(newEmail)).toBeVisible();
  await elsewhere.close();

  // The old address no longer signs in; the new one does.
  const old = await page.request.post('/api/auth/login', { data: { email: user.email, password: 'a much better password' } });
  expect(old.status()).toBe(401);
  const renewed = await page.request.post('/api/auth/login', { data: { email: newEmail, password: 'a much better password' } });
  expect(renewed.status()).toBe(200);
});

test('signing out of all devices asks first', async ({ page }) => {
  await signedInPage(page);
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out of all devices?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/settings\/profile$/);

  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting the account asks to type DELETE, then ends on the login page with the account gone', async ({ page }) => {
  const user = await signedInPage(page);
  await page.goto('/settings/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByLabel('Type DELETE to confirm').blur();
  await expect(dialog.getByText('Type DELETE to confirm', { exact: true }).last()).toBeVisible();
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByLabel('Password').fill('not my password');
  await confirm.click();
  await expect(dialog.getByText('The password is incorrect')).toBeVisible();
  await dialog.getByLabel('Password').fill(user.password);
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('user')])).toEqual([null, null]);
  await signInThroughUi(page, user);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('the profile screen in light and dark, at 1280 and 375 px, passes axe', async ({ page }) => {
  await signedInPage(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/settings/profile');
      await expect(card(page, 'Delete account')).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0);
      await expectNoViolations(page, `profile ${theme} ${width}`);
    }
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
    await expectNoViolations(page, `delete dialog ${theme}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Sign out of all devices?' })).toBeVisible();
    await expectNoViolations(page, `sign-out dialog ${theme}`);
    await page.keyboard.press('Escape');
  }
});
