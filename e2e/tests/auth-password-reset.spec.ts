import { expect, test } from '@playwright/test';
import {
  CREDENTIALS_FAILED,
  PASSWORD_LINK,
  adminApiSession,
  apiSession,
  createSignedUpUser,
  fillLogin,
  signIn,
  uniqueSuffix,
} from '../support/auth';
import { waitForMailLink } from '../support/mailbox';
import { expectToast, fieldError } from '../support/ui';

const INVALID_LINK =
  'Invalid Link: The link is invalid. Kindly make sure you have used the correct link or contact support.';

// The forgot-password and reset-password pages.
test.describe('password reset', () => {
  test('forgot password end to end: mail, reset page validation, new password works, old fails', async ({
    page,
  }) => {
    test.slow();
    const suffix = uniqueSuffix();
    const email = `reset-${suffix}@example.com`;
    const oldPassword = 'Old-passw0rd-e2e';
    const newPassword = 'New-passw0rd-e2e';
    const admin = await adminApiSession();
    try {
      await createSignedUpUser(admin, {
        roleName: `E2E Reset ${suffix}`,
        permissions: ['View Audit Logs'],
        name: 'Reset Person',
        email,
        password: oldPassword,
      });
    } finally {
      await admin.dispose();
    }
    const inviteLink = await waitForMailLink(email, PASSWORD_LINK);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Email')).toHaveText('Invalid email');

    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'We have emailed your password reset link.' }),
    ).toBeVisible();

    // The mail from the SMTP sink: a new link, not the invitation's.
    let resetLink = inviteLink;
    await expect
      .poll(async () => (resetLink = await waitForMailLink(email, PASSWORD_LINK)), { timeout: 15_000 })
      .not.toBe(inviteLink);
    const url = new URL(resetLink);
    expect(url.pathname).toMatch(/^\/password-reset\/[^/]+$/);
    expect(url.searchParams.get('email')).toBe(email);

    // A session the user has open elsewhere ends with the reset.
    const elsewhere = await apiSession(undefined, email, oldPassword);

    const resetPage = await page.goto(resetLink);
    expect(resetPage?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const password = page.getByRole('textbox', { name: 'New Password' });
    const confirm = page.getByRole('textbox', { name: 'Confirm Password' });
    await password.fill('short');
    await confirm.fill('short');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'New Password')).toHaveText(
      'Password should be at least 8 characters long',
    );
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Confirm Password')).toHaveText('Passwords do not match');
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const resetToast = await expectToast(page, {
      message: 'Your password has been reset.',
      color: 'blue',
      position: 'top-right',
    });
    // Toasts of the password pages close after 3 seconds.
    await expect(resetToast).toBeHidden({ timeout: 6_000 });
    expect((await elsewhere.get('/user')).status()).toBe(401);
    await elsewhere.dispose();

    // The old password no longer works...
    await fillLogin(page, email, oldPassword);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expectToast(page, { title: 'Error!', message: CREDENTIALS_FAILED, color: 'red' });
    await expect(page).toHaveURL(/\/login$/);
    // ...the new one does.
    await signIn(page, email, newPassword);

    // The link is single-use.
    await page.context().clearCookies();
    await page.goto(resetLink);
    await page.getByRole('textbox', { name: 'New Password' }).fill('Another-passw0rd');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Another-passw0rd');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This password reset token is invalid.' }).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/password-reset\//);
  });

  test('an unknown address gets the same answer (no account enumeration) and no mail', async ({ page }) => {
    const email = `unknown-${uniqueSuffix()}@example.com`;
    await page.goto('/forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'We have emailed your password reset link.' }),
    ).toBeVisible();
    await expect(waitForMailLink(email, PASSWORD_LINK, 2_000)).rejects.toThrow(/No mail/);
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the reset page without a token or e-mail shows the "Invalid Link" message', async ({ page }) => {
    for (const path of [
      '/password-reset',
      '/password-reset/some-token',
      '/password-reset?email=a%40example.com',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: INVALID_LINK })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
