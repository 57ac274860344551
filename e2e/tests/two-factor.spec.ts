import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import {
  accountSection,
  answerChallenge,
  Authenticator,
  createAccountUser,
  enrolTwoFactor,
  expectAccessibleInBothSchemes,
  expectDashboard,
  logOut,
  openMyAccount,
  submitPassword,
} from '../support/account';
import { signIn, xsrfHeaders, type Credentials } from '../support/auth';
import { expectToast, fieldError } from '../support/ui';

// Two-factor sign-in (issue 12), for a user of its own: set-up with a code generated from the shown key,
// sign-in with a code, a recovery code used once, and turning it off. The tests run in order on one user.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let user: Credentials & { name: string };
let app: Authenticator;
let recoveryCodes: string[] = [];

const CODE_INVALID = 'The two-factor code is not valid.';
const RECOVERY_CODE_USED = 'This recovery code was already used.';

async function twoFactorStep(page: Page) {
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Two-factor code' });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toBeFocused();
}

test.beforeAll(async () => {
  user = await createAccountUser('Two Factor');
});

test('set up: QR code and key, a wrong code refused, a generated code turns it on and shows 10 recovery codes once', async ({
  page,
}) => {
  await signIn(page, user);
  await openMyAccount(page, user.name);
  const section = accountSection(page, 'Two-factor sign-in');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  const qr = section.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  app = new Authenticator(secret);
  await expectAccessibleInBothSchemes(page, 'the two-factor set-up');

  const code = section.getByRole('textbox', { name: 'Code from the app' });
  await code.fill(app.wrongCode());
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(fieldError(page, 'Code from the app')).toHaveText(CODE_INVALID);

  await code.fill(await app.nextCode());
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expectToast(page, { message: 'Two-factor sign-in is on.', color: 'blue' });
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await expectAccessibleInBothSchemes(page, 'the recovery codes');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('freight-finance-recovery-codes.txt');
  const text = await readFile(await download.path(), 'utf8');
  for (const recovery of recoveryCodes) expect(text).toContain(recovery);

  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(list).toHaveCount(0);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section).toContainText('Recovery codes left: 10');
  // Shown once: a reload does not show them again.
  await page.reload();
  await expect(
    accountSection(page, 'Two-factor sign-in').getByRole('list', { name: 'Recovery codes' }),
  ).toHaveCount(0);
});

test('sign-in asks for a code after the password: a wrong one is refused under the field, a generated one opens the dashboard', async ({
  page,
}) => {
  await submitPassword(page, user);
  await twoFactorStep(page);
  await expectAccessibleInBothSchemes(page, 'the two-factor sign-in step');
  await answerChallenge(page, 'Two-factor code', app.wrongCode());
  await expect(fieldError(page, 'Two-factor code')).toHaveText(CODE_INVALID);
  await expect(page).toHaveURL(/\/login$/);

  // Back to the first step and through it again.
  await page.getByRole('button', { name: 'Back to e-mail and password' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await twoFactorStep(page);

  await answerChallenge(page, 'Two-factor code', await app.nextCode());
  await expectDashboard(page);
});

test('a recovery code signs in once; the same code is refused the second time, saying it was used', async ({
  page,
}) => {
  const [recovery] = recoveryCodes;
  await submitPassword(page, user);
  await twoFactorStep(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await answerChallenge(page, 'Recovery code', recovery!);
  await expectDashboard(page);
  await logOut(page, user.name);

  await submitPassword(page, user);
  await twoFactorStep(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await answerChallenge(page, 'Recovery code', recovery!);
  await expect(fieldError(page, 'Recovery code')).toHaveText(RECOVERY_CODE_USED);
  await page.getByRole('button', { name: 'Use an authenticator code instead' }).click();
  await answerChallenge(page, 'Two-factor code', await app.nextCode());
  await expectDashboard(page);
  await openMyAccount(page, user.name);
  await expect(accountSection(page, 'Two-factor sign-in')).toContainText('Recovery codes left: 9');
});

test('turning it off asks for the password; then the password alone signs in', async ({ page }) => {
  await submitPassword(page, user);
  await twoFactorStep(page);
  // A second recovery code: an authenticator code would have to wait for the next 30-second step, the server
  // taking each step once and the tests before having used the steps of now and the next.
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await answerChallenge(page, 'Recovery code', recoveryCodes[1]!);
  await expectDashboard(page);
  await openMyAccount(page, user.name);

  const section = accountSection(page, 'Two-factor sign-in');
  await section.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-factor sign-in?' });
  await dialog.getByRole('textbox', { name: 'Your password' }).fill('not-my-password-1');
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(fieldError(page, 'Your password')).toHaveText('The password is not correct.');
  await dialog.getByRole('textbox', { name: 'Your password' }).fill(user.password);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, { message: 'Two-factor sign-in is off.', color: 'blue' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();

  await logOut(page, user.name);
  await signIn(page, user);
});

test('the security setting requires it of roles that manage users, roles or settings', async ({
  page,
  browser,
}) => {
  const admin = await createAccountUser('Security Admin', ['Manage Settings', 'Manage Users']);
  const manager = await createAccountUser('Role Manager', ['Manage Roles']);
  const REQUIRE = 'Require two-factor sign-in for administrators';
  const openSecurityTab = async () => {
    await page.goto('/general-settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await expect(page.getByRole('switch', { name: REQUIRE })).toBeEnabled();
  };
  await signIn(page, admin);
  try {
    // Not before the administrator uses it themselves: that would lock them out.
    await openSecurityTab();
    await expectAccessibleInBothSchemes(page, 'the Security tab');
    await page.getByRole('switch', { name: REQUIRE }).click({ force: true });
    await expectToast(page, { message: /for your own account first/, color: 'red' });
    await expect(page.getByRole('switch', { name: REQUIRE })).not.toBeChecked();

    await openMyAccount(page, admin.name);
    await enrolTwoFactor(page);
    await openSecurityTab();
    await page.getByRole('switch', { name: REQUIRE }).click({ force: true });
    await expectToast(page, {
      message: 'Two-factor sign-in is now required for administrators.',
      color: 'blue',
    });
    await expect(page.getByRole('switch', { name: REQUIRE })).toBeChecked();

    // A role manager without it is sent to My Account, told why, and kept there until it is set up.
    const other = await browser.newPage();
    try {
      await submitPassword(other, manager);
      await expect(other).toHaveURL(/\/account$/);
      await expect(other.getByRole('alert').filter({ hasText: 'Set it up below' })).toBeVisible();
      await other.goto('/roles');
      await expect(other).toHaveURL(/\/account$/);
      await expect(accountSection(other, 'Two-factor sign-in')).toContainText('cannot be turned off');
      await enrolTwoFactor(other, manager.password);
      await expect(
        accountSection(other, 'Two-factor sign-in').getByRole('button', { name: 'Turn off' }),
      ).toHaveCount(0);
      await other.goto('/roles');
      await expect(other.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
    } finally {
      await other.close();
    }

    await openSecurityTab();
    await page.getByRole('switch', { name: REQUIRE }).click({ force: true });
    await expectToast(page, {
      message: 'Two-factor sign-in is no longer required for administrators.',
      color: 'blue',
    });
  } finally {
    // Whatever happened above, the other specs' administrator must not be asked for two-factor set-up.
    await page.request.fetch('/api/v1/settings/security', {
      method: 'PUT',
      headers: await xsrfHeaders(page.context()),
      data: { requireTwoFactorForAdmins: false },
    });
  }
});
