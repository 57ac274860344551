import { expect, test } from '@playwright/test';
import {
  accountSection,
  createAccountUser,
  expectDashboard,
  logOut,
  openMyAccount,
  submitPassword,
} from '../support/account';
import { CREDENTIALS_FAILED, signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import { expectToast, fieldError } from '../support/ui';

// My Account (issue 12), each test on a user of its own: the profile, changing the password, and the
// user's own sessions ended from another browser. Each signs users in several times: slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('shows the profile and saves a new name and mobile number', async ({ page }) => {
  const user = await createAccountUser('Profile');
  await signIn(page, user);
  await openMyAccount(page, user.name);
  await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText('My Account');

  const profile = accountSection(page, 'Profile');
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly', '');
  await expect(profile.getByRole('textbox', { name: 'Role' })).toHaveValue(/^E2E Profile /);
  const name = profile.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(user.name);

  await name.fill('');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(fieldError(page, 'Name')).toHaveText('The name field is required.');

  const newName = `${user.name} Renamed`;
  await name.fill(newName);
  await profile.getByRole('textbox', { name: 'Mobile number' }).fill('+254 700 111222');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expectToast(page, { message: 'Your profile has been saved.', color: 'blue' });
  // The header shows the new name, and a reload shows what the server stored.
  await expect(page.getByRole('button', { name: `Account menu for ${newName}` })).toBeVisible();
  await page.reload();
  await expect(accountSection(page, 'Profile').getByRole('textbox', { name: 'Name' })).toHaveValue(newName);
  await expect(accountSection(page, 'Profile').getByRole('textbox', { name: 'Mobile number' })).toHaveValue(
    '+254 700 111222',
  );
});

test('changing the password: a wrong current one is refused, the right one changes it for the next sign-in', async ({
  page,
}) => {
  const user = await createAccountUser('Password');
  await signIn(page, user);
  await openMyAccount(page, user.name);
  const section = accountSection(page, 'Change password');
  const newPassword = `${user.password}-New`;
  const fill = async (current: string, next: string, confirm: string) => {
    await section.getByRole('textbox', { name: 'Current password' }).fill(current);
    await section.getByRole('textbox', { name: 'New password', exact: true }).fill(next);
    await section.getByRole('textbox', { name: 'Confirm new password' }).fill(confirm);
    await section.getByRole('button', { name: 'Change password' }).click();
  };

  await fill(user.password, 'short', 'short');
  await expect(fieldError(page, 'New password')).toHaveText('Password should be at least 8 characters long');
  await fill(user.password, newPassword, `${newPassword}x`);
  await expect(fieldError(page, 'Confirm new password')).toHaveText('Passwords do not match');

  await fill('not-my-password-1', newPassword, newPassword);
  await expect(fieldError(page, 'Current password')).toHaveText('The current password is not correct.');

  await fill(user.password, newPassword, newPassword);
  await expectToast(page, { message: 'Your password has been changed.', color: 'blue' });
  await expect(section.getByRole('textbox', { name: 'Current password' })).toHaveValue('');

  await logOut(page, user.name);
  await submitPassword(page, user);
  await expectToast(page, { title: 'Error!', message: CREDENTIALS_FAILED, color: 'red' });
  await signIn(page, user.email, newPassword);
});

test('sessions: another browser shows up; "Sign out" and "Sign out all other sessions" end the others', async ({
  page,
  browser,
}) => {
  const user = await createAccountUser('Sessions');
  await signIn(page, user);
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const third = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, user);

    await openMyAccount(page, user.name);
    const sessions = accountSection(page, 'Sessions');
    const rows = sessions.getByRole('table', { name: 'Your sessions' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await expect(rows.filter({ hasText: 'This device' })).toContainText('127.0.0.1');
    await expect(rows.filter({ hasText: 'This device' })).toContainText(/Chrom/);

    const otherRow = rows.filter({ hasNotText: 'This device' });
    await otherRow.getByRole('button', { name: /^Sign out / }).click();
    await expectToast(page, { message: /has been signed out\.$/, color: 'blue' });
    await expect(rows).toHaveCount(1);
    // The other browser is signed out: its next page load lands on the login page.
    await otherPage.goto('/');
    await expect(otherPage).toHaveURL(/\/login$/);

    const thirdPage = await third.newPage();
    await signIn(thirdPage, user);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
    await dialog.getByRole('button', { name: 'Sign out others' }).click();
    await expectToast(page, { message: '1 other session has been signed out.', color: 'blue' });
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();
    await thirdPage.goto('/');
    await expect(thirdPage).toHaveURL(/\/login$/);
    // This browser stays signed in.
    await page.goto('/');
    await expectDashboard(page);
  } finally {
    await other.close();
    await third.close();
  }
});
