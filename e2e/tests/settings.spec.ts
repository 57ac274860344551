import { expect, test, type Page, type Response } from '@playwright/test';
import {
  adminApiSession,
  api,
  createSignedUpUser,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { PASSWORD_HINT, passwordInput, type Setting } from '../support/settings';
import { expectToast, fieldError, toast } from '../support/ui';

/** The embedded SAP simulator's login (apps/sap-sim DEFAULT_CREDENTIALS). */
const SAP = { companyDb: 'SBODEMO_KE', username: 'manager', password: 'B1Admin!' };

/** Every /api response body this page receives, for the "never echoed" check. */
function captureApiBodies(page: Page): { bodies: string[]; pending: Promise<void>[] } {
  const captured = { bodies: [] as string[], pending: [] as Promise<void>[] };
  page.on('response', (response: Response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/') && path !== '/user') return;
    captured.pending.push(
      response
        .text()
        .then((text) => void captured.bodies.push(`${path}: ${text}`))
        .catch(() => undefined),
    );
  });
  return captured;
}

/** Puts the simulator's connection back (company, user and password), whatever a test did. */
async function restoreSapConnection() {
  const admin = await adminApiSession();
  try {
    const { data } = await api<{ data: Setting[] }>(admin, 'GET', '/connectionSetting');
    const id = data[0]!.id;
    await api(admin, 'PATCH', `/connectionSetting/${id}`, SAP);
    const check = await api<{ status: string }>(admin, 'POST', '/testConnection', {
      companyDb: SAP.companyDb,
      username: SAP.username,
      password: '',
    });
    expect(check.status, 'the stored SAP connection works again').toBe('success');
  } finally {
    await admin.dispose();
  }
}

test.describe('settings', () => {
  test.afterAll(restoreSapConnection);

  test('shows the connection with the password saved but never sent to the browser', async ({ page }) => {
    const captured = captureApiBodies(page);
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'ERP Connection' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: 'Company DB' })).toHaveValue(SAP.companyDb);
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(SAP.username);
    const password = passwordInput(page);
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByText(PASSWORD_HINT).first()).toBeVisible();

    // Save with the password left blank keeps the stored one.
    const saved = page.waitForResponse((r) => /\/api\/v1\/connectionSetting\/\d+$/.test(r.url()));
    await page.getByRole('button', { name: 'Save' }).click();
    const savedResponse = await saved;
    expect(savedResponse.request().postDataJSON()).toEqual({
      companyDb: SAP.companyDb,
      username: SAP.username,
      password: '',
    });
    const savedToast = await expectToast(page, {
      message: 'Successfully updated SAP connection settings',
      color: 'blue',
      position: 'bottom-right',
    });
    // Toasts: 440 px wide, bottom-right by default.
    expect((await savedToast.boundingBox())?.width).toBeCloseTo(440, 0);
    await expect(password).toHaveValue('');

    // The stored password still works: Test Connection with a blank password uses it.
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectToast(page, { message: /connected/i, color: 'blue' });

    await Promise.all(captured.pending);
    expect(captured.bodies.some((b) => b.startsWith('/api/v1/connectionSetting'))).toBe(true);
    for (const body of captured.bodies) expect(body).not.toContain(SAP.password);
    expect(await page.content()).not.toContain(SAP.password);
    const list = captured.bodies.find((b) => b.startsWith('/api/v1/connectionSetting:'))!;
    expect(JSON.parse(list.slice(list.indexOf(':') + 1)).data[0]).toMatchObject({
      password: '',
      hasPassword: true,
    });
  });

  test('Company DB and Username are required', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    await page.getByRole('textbox', { name: 'Company DB' }).fill('');
    await page.getByRole('textbox', { name: 'Username' }).fill('   ');
    let saves = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/connectionSetting/')) saves += 1;
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(fieldError(page, 'Company DB')).toHaveText('Company DB is required');
    await expect(fieldError(page, 'Username')).toHaveText('Username is required');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(fieldError(page, 'Company DB')).toHaveText('Company DB is required');
    expect(saves).toBe(0);
    // Nothing was stored: a reload shows the connection unchanged.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Company DB' })).toHaveValue(SAP.companyDb);
  });

  test("Test Connection succeeds with the right password and shows SAP's reason with a wrong one", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    await passwordInput(page).fill(SAP.password);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectToast(page, {
      title: 'Success',
      message: 'Successfully connected to SAP Business One.',
      color: 'blue',
    });

    await passwordInput(page).fill('Wrong-password-1');
    const tested = page.waitForResponse((r) => r.url().endsWith('/api/v1/testConnection'));
    await page.getByRole('button', { name: 'Test Connection' }).click();
    const result = (await (await tested).json()) as { status: string; message: string };
    expect(result.status).toBe('failed');
    expect(result.message).toContain('Login failed');
    await expectToast(page, { title: 'SAP connection test failed.', message: /Login failed/, color: 'red' });

    // Testing never stores: the saved password still works.
    await passwordInput(page).fill('');
    const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/testConnection'));
    await page.getByRole('button', { name: 'Test Connection' }).click();
    expect(((await (await again).json()) as { status: string }).status).toBe('success');
  });

  test("Save with a wrong password warns with SAP's answer before saving; Cancel keeps the stored one", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    let saves = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/connectionSetting/')) saves += 1;
    });
    await passwordInput(page).fill('Wrong-password-4');
    const tested = page.waitForResponse((r) => r.url().endsWith('/api/v1/settings/connection/test'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await tested).request().postDataJSON()).toEqual({ ...SAP, password: 'Wrong-password-4' });
    const dialog = page.getByRole('dialog', { name: 'SAP refused the login' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'SAP refused the login (check the user and password in Settings). SAP answered: Login failed.',
    );
    await expect(dialog).toContainText('Postings to SAP will fail until the connection works.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(saves).toBe(0);
    await expect(toast(page, { message: 'Successfully updated SAP connection settings' })).toHaveCount(0);
    // Nothing was stored: the saved password still works.
    await passwordInput(page).fill('');
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectToast(page, { message: /connected/i, color: 'blue' });
  });

  test('a wrong password saved anyway is reported by Test Connection; the right one restores it', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    try {
      await passwordInput(page).fill('Wrong-password-2');
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog', { name: 'SAP refused the login' });
      await dialog.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, { message: 'Successfully updated SAP connection settings' });
      await expect(dialog).toBeHidden();
      await expect(passwordInput(page)).toHaveValue('');
      await page.getByRole('button', { name: 'Test Connection' }).click();
      await expectToast(page, {
        title: 'SAP connection test failed.',
        message:
          /SAP refused the login \(check the user and password in Settings\)\. SAP answered: Login failed/,
        color: 'red',
      });
      // The dashboard says so too, to everyone.
      await page.goto('/');
      const card = page.getByRole('region', { name: 'SAP connection' });
      await expect(card.getByText('Login refused', { exact: true })).toBeVisible();
      await expect(card).toContainText('SAP refused the login (check the user and password in Settings)');
      await page.goto('/general-settings');
    } finally {
      await passwordInput(page).fill(SAP.password);
      const restored = page.waitForResponse((r) => /\/api\/v1\/connectionSetting\/\d+$/.test(r.url()));
      await page.getByRole('button', { name: 'Save' }).click();
      expect((await restored).status()).toBe(200);
    }
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expectToast(page, { message: /connected/i, color: 'blue' });
    expect(await page.content()).not.toContain(SAP.password);
  });

  test('Check Ledger Accounts shows the result', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/general-settings');
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/v1/accounts/sapCheck'));
    await page.getByRole('button', { name: 'Check Ledger Accounts' }).click();
    const body = (await (await checked).json()) as { checked: number; problems: unknown[] };
    expect(body.checked).toBeGreaterThan(0);
    if (body.problems.length === 0) {
      const alert = page.getByRole('alert').filter({ hasText: 'Ledger accounts are ready' });
      await expect(alert).toBeVisible();
      await expect(alert).toContainText(`All ${body.checked} ledger accounts exist and are active in SAP.`);
    } else {
      await expect(page.getByRole('table', { name: 'Ledger accounts with problems' })).toBeVisible();
    }
  });

  test('a user without Manage Settings gets "Access Denied"', async ({ page }) => {
    const suffix = uniqueSuffix();
    const email = `no-settings.${suffix}@example.com`;
    const password = 'NoSettings-e2e-1';
    const admin = await adminApiSession();
    try {
      await createSignedUpUser(admin, {
        roleName: `E2E No Settings ${suffix}`,
        permissions: ['View Audit Logs'],
        email,
        password,
      });
    } finally {
      await admin.dispose();
    }
    await signIn(page, email, password);
    await page.goto('/general-settings');
    const alert = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(page.getByRole('textbox', { name: 'Company DB' })).toHaveCount(0);
    expect(await page.content()).not.toContain(SAP.password);
  });
});
