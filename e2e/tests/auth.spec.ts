import { expect, test } from '@playwright/test';
import {
  adminApiSession,
  createSignedUpUser,
  CREDENTIALS_FAILED,
  fillLogin,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { E2E_ADMIN } from '../support/env';
import { css, expectToast, fieldError, hue, toast } from '../support/ui';

// The login screen, the route guard and logging out (the password reset pages have their own spec).
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
  test('the failed sign-in toast is gone once the right password signs in (issue 12, defect 9)', async ({
    page,
  }) => {
    const admin = await adminApiSession();
    const suffix = uniqueSuffix();
    const user = await createSignedUpUser(admin, {
      roleName: `E2E Toast ${suffix}`,
      permissions: ['View Sales Invoices'],
      email: `toast-${suffix}@example.com`,
      password: `Toast-${suffix}-Pw1`,
    });
    await admin.dispose();
    await page.goto('/login');
    await fillLogin(page, user.email, 'wrong-password-1');
    await page.getByRole('button', { name: 'Log In' }).click();
    const failed = await expectToast(page, { title: 'Error!', message: CREDENTIALS_FAILED, color: 'red' });
    // The pointer rests on the toast, as on the user menu it covers: that holds its 3-second auto-close.
    await failed.hover();
    const password = page.getByRole('textbox', { name: 'Password' });
    await password.fill(user.password);
    await password.press('Enter');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(toast(page, { title: 'Error!' })).toHaveCount(0, { timeout: 2_000 });
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
