import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD_LINK,
  adminApiSession,
  apiSession,
  createSignedUpUser,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { E2E_ADMIN } from '../support/env';
import { waitForMailLink } from '../support/mailbox';
import { css, expectToast, fieldError, hue } from '../support/ui';

const CREDENTIALS_FAILED = 'These credentials do not match our records.';
const INVALID_LINK =
  'Invalid Link: The link is invalid. Kindly make sure you have used the correct link or contact support.';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
}

test.describe('login', () => {
  test('shows the login form over the background with its heading and link', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('required', '');
    await expect(page.getByRole('textbox', { name: 'Password' })).toHaveAttribute('required', '');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('the login form sits on a full-page background image', async ({ page }) => {
    await page.goto('/login');
    const background = page.locator('main').first();
    expect(await css(background, 'background-image')).toMatch(/^url\(/);
    const box = await background.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1440 });
    expect(box!.height).toBeGreaterThanOrEqual(900);
  });

  test('a failed sign-in shows the server message in a red top-right "Error!" toast', async ({ page }) => {
    await page.goto('/login');
    // An unknown address: failures are throttled per e-mail, so the administrator is never locked out.
    await fillLogin(page, `nobody-${uniqueSuffix()}@example.com`, 'wrong-password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const shown = await expectToast(page, {
      title: 'Error!',
      message: CREDENTIALS_FAILED,
      color: 'red',
      position: 'top-right',
    });
    // The server's field error lands on the Email field too.
    await expect(fieldError(page, 'Email')).toHaveText(CREDENTIALS_FAILED);
    await expect(page).toHaveURL(/\/login$/);
    // Login error toasts close after 3 seconds.
    await expect(shown).toBeHidden({ timeout: 6_000 });
  });

  test('a malformed e-mail is refused with "Invalid email" before any call', async ({ page }) => {
    await page.goto('/login');
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/login') loginCalls += 1;
    });
    await fillLogin(page, 'not-an-email', 'whatever-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(fieldError(page, 'Email')).toHaveText('Invalid email');
    await fillLogin(page, 'two words@example.com', 'whatever-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(fieldError(page, 'Email')).toHaveText('Invalid email');
    expect(loginCalls).toBe(0);
  });

  test('"Log In" shows a loading state while the request runs, then lands on /', async ({ page }) => {
    await page.goto('/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/login', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      return route.continue();
    });
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const button = page.getByRole('button', { name: 'Log In' });
    await button.click();
    await expect(button).toHaveAttribute('data-loading', 'true');
    await expect(button).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });
});

test('repeated failures for one address are throttled with the wait in the message', async ({ page }) => {
  await page.goto('/login');
  const email = `guesser-${uniqueSuffix()}@example.com`;
  for (let i = 1; i <= 5; i += 1) {
    await fillLogin(page, email, `guess-${i}-password`);
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Log In' }).click();
    expect((await answered).status()).toBe(422);
  }
  await fillLogin(page, email, 'guess-6-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expectToast(page, {
    title: 'Error!',
    message: /^Too many login attempts\. Please try again in \d+ seconds\.$/,
    color: 'red',
    position: 'top-right',
  });
  await expect(fieldError(page, 'Email')).toHaveText(/^Too many login attempts/);
});

test.describe('route guard', () => {
  test('a signed-out visit to /users goes to /login with a red "Error" notification', async ({ page }) => {
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, { title: 'Error', message: 'Please log in to continue.', color: 'red' });
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  test('a signed-in visit to /login or /forgot-password goes to /', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page).toHaveURL(/\/$/);
  });
});

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

test.describe('logout', () => {
  test('a failed log out says "Failed to log out" in a red top-right toast and keeps the user in', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.route('**/logout', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expectToast(page, {
      title: 'Error',
      message: 'Failed to log out',
      color: 'red',
      position: 'top-right',
    });
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('asks for confirmation; Cancel keeps the session, Confirm goes to /login', async ({ page }) => {
    await signInAsAdmin(page);
    const openLogout = async () => {
      await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
    };

    await openLogout();
    const modal = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('return you to the login page');
    await expect(modal).toContainText('enter your credentials again');
    const confirm = modal.getByRole('button', { name: 'Confirm' });
    const bg = await css(confirm, 'background-color');
    const h = hue(bg);
    expect(h < 15 || h > 345, `Confirm is red (background ${bg})`).toBe(true);

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await openLogout();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    // A deliberate sign-out is not an error.
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    // The session really ended on the server.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
    const user = await page.request.get('/user', { headers: { Accept: 'application/json' } });
    expect(user.status()).toBe(401);
  });
});
