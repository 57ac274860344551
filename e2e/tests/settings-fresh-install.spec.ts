import { expect, test } from '@playwright/test';
import { api, apiSession, rawFetch, signInAsAdmin } from '../support/auth';
import { startExtraServer } from '../support/extra-server';
import { PASSWORD_HINT, passwordInput, type Setting } from '../support/settings';
import { expectToast, fieldError } from '../support/ui';

// The ERP connection of a fresh installation, on a server of its own (the shared one has a password saved).
test.describe('settings', () => {
  test('a fresh installation against an outside SAP has no password saved: "Password is required"', async ({
    browser,
  }) => {
    test.slow();
    // Its own server: the shared one always has the simulator's password saved. Nothing listens at this
    // SAP address; no test here reaches SAP.
    const server = await startExtraServer({
      SAP_SL_URL: 'http://127.0.0.1:9/b1s/v1',
      SAP_TIMEOUT_MS: '3000',
    });
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      await signInAsAdmin(page);
      await page.goto('/general-settings');
      await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Company DB' })).toHaveValue('');
      await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('');
      await expect(page.getByText(PASSWORD_HINT)).toHaveCount(0);
      let calls = 0;
      page.on('request', (r) => {
        if (r.method() !== 'GET' && /\/api\/v1\/(connectionSetting|testConnection)/.test(r.url())) calls += 1;
      });

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(fieldError(page, 'Company DB')).toHaveText('Company DB is required');
      await expect(fieldError(page, 'Username')).toHaveText('Username is required');
      await expect(fieldError(page, 'Password')).toHaveText('Password is required');

      // Company and user alone are not enough while no password is saved, for Save and Test Connection.
      await page.getByRole('textbox', { name: 'Company DB' }).fill('SBO_OUTSIDE');
      await page.getByRole('textbox', { name: 'Username' }).fill('finance');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(fieldError(page, 'Password')).toHaveText('Password is required');
      await expect(fieldError(page, 'Company DB')).toHaveCount(0);
      await expect(fieldError(page, 'Username')).toHaveCount(0);
      // Typing clears the error; Test Connection checks the form again.
      await passwordInput(page).fill('x');
      await passwordInput(page).fill('');
      await expect(fieldError(page, 'Password')).toHaveCount(0);
      await page.getByRole('button', { name: 'Test Connection' }).click();
      await expect(fieldError(page, 'Password')).toHaveText('Password is required');
      expect(calls).toBe(0);

      // The server says the same to a caller that skips the form.
      const admin = await apiSession(server.baseURL);
      try {
        const { data } = await api<{ data: Setting[] }>(admin, 'GET', '/connectionSetting');
        expect(data[0]).toMatchObject({ companyDb: '', username: '', password: '', hasPassword: false });
        const refused = await rawFetch(admin, 'PATCH', `/api/v1/connectionSetting/${data[0]!.id}`, {
          companyDb: 'SBO_OUTSIDE',
          username: 'finance',
          password: '',
        });
        expect(refused.status()).toBe(422);
        expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.password).toEqual([
          'Password is required',
        ]);
      } finally {
        await admin.dispose();
      }

      // With a password it is saved; from then on it shows as saved and a blank password keeps it.
      await passwordInput(page).fill('Outside-sap-Passw0rd');
      await page.getByRole('button', { name: 'Save' }).click();
      // Nothing listens at this SAP address: Save tests first and asks, naming the network failure.
      const dialog = page.getByRole('dialog', { name: 'SAP could not be reached' });
      await expect(dialog).toContainText('SAP could not be reached at http://127.0.0.1:9/b1s/v1');
      await dialog.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, { message: 'Successfully updated SAP connection settings', color: 'blue' });
      await expect(fieldError(page, 'Password')).toHaveCount(0);
      await page.reload();
      await expect(page.getByText(PASSWORD_HINT).first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Company DB' })).toHaveValue('SBO_OUTSIDE');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('dialog', { name: 'SAP could not be reached' })
        .getByRole('button', { name: 'Save anyway' })
        .click();
      // (The reload cleared the first toast: this one is the second save's.)
      await expectToast(page, { message: 'Successfully updated SAP connection settings', color: 'blue' });
      await expect(fieldError(page, 'Password')).toHaveCount(0);
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
