import { expect, request, test } from '@playwright/test';
import {
  adminApiSession,
  api,
  apiSession,
  createRoleViaApi,
  createSignedUpUser,
  createUserViaApi,
  rawFetch,
  setPasswordFromInvite,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';
import { bodyRows, dataTable, dataTableFrame } from '../support/ui';

test.describe('audit logs', () => {
  test('show sign-ins, a failed sign-in, user and role changes with the IP address', async ({ page }) => {
    test.slow();
    const suffix = uniqueSuffix();
    const roleName = `E2E Audit ${suffix}`;
    const email = `audited.${suffix}@example.com`;
    const userName = `Audited Person${suffix}`;
    const unknown = `intruder.${suffix}@example.com`;
    const password = 'Audited-e2e-Passw0rd';

    // Generate the events through the API, the way the SPA makes them.
    const anon = await request.newContext({ baseURL: E2E_BASE_URL });
    try {
      await anon.get('/sanctum/csrf-cookie');
      const failed = await rawFetch(anon, 'POST', '/login', { email: unknown, password: 'not-the-password' });
      expect(failed.status()).toBe(422);
    } finally {
      await anon.dispose();
    }
    const admin = await adminApiSession();
    try {
      await createRoleViaApi(admin, roleName, ['View Audit Logs']);
      const user = await createUserViaApi(admin, { name: userName, email, role: roleName });
      const fresh = await request.newContext({ baseURL: E2E_BASE_URL });
      await setPasswordFromInvite(fresh, email, password);
      await fresh.dispose();
      const them = await apiSession(E2E_BASE_URL, email, password);
      await them.dispose();
      await api(admin, 'PATCH', `/toggleUser/${user.id}`, { toggleStatus: false });
    } finally {
      await admin.dispose();
    }

    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Audit Logs' })
      .click();
    await expect(page).toHaveURL(/\/logs$/);
    await expect(page.getByRole('heading', { name: 'Audit Logs', level: 1 })).toBeVisible();
    const table = dataTable(page, 'Audit logs');
    await expect(table.getByRole('columnheader')).toHaveText(['Audit Date', 'Event', 'User', 'IP Address']);
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();

    await dataTableFrame(page, 'Audit logs').getByRole('textbox', { name: 'Search records' }).fill(suffix);
    const rows = bodyRows(table);
    const expected: Array<[RegExp, string]> = [
      [new RegExp(`^Disabled user ${userName} \\(${email}\\)$`), E2E_ADMIN.name],
      [new RegExp(`^Signed in: ${email}$`), userName],
      [new RegExp(`^Password reset completed for ${email}$`), userName],
      [new RegExp(`^Created user ${userName} \\(${email}\\) with role ${roleName}$`), E2E_ADMIN.name],
      [new RegExp(`^Created role ${roleName} with permissions: View Audit Logs$`), E2E_ADMIN.name],
      [new RegExp(`^Failed sign-in for ${unknown}$`), unknown],
    ];
    // Newest first.
    await expect(rows.locator('td:nth-child(2)')).toHaveText(expected.map(([event]) => event));
    for (const [index, [event, who]] of expected.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole('cell').nth(1), String(event)).toHaveText(event);
      await expect(row.getByRole('cell').nth(2)).toHaveText(who);
      await expect(row.getByRole('cell').nth(3)).toHaveText('127.0.0.1');
      await expect(row.getByRole('cell').nth(0)).toHaveText(/\d{4}/);
    }

    // The administrator's own sign-in (through the form above) is there too.
    await dataTableFrame(page, 'Audit logs')
      .getByRole('textbox', { name: 'Search records' })
      .fill(`Signed in: ${E2E_ADMIN.email}`);
    const adminRow = rows.first();
    await expect(adminRow.getByRole('cell').nth(2)).toHaveText(E2E_ADMIN.name);
    await expect(adminRow.getByRole('cell').nth(3)).toHaveText('127.0.0.1');
  });

  test('a user without View Audit Logs gets "Access Denied" with the server\'s reason', async ({ page }) => {
    const suffix = uniqueSuffix();
    const email = `no-audit.${suffix}@example.com`;
    const password = 'NoAudit-e2e-Passw0rd';
    const admin = await adminApiSession();
    try {
      await createSignedUpUser(admin, {
        roleName: `E2E No Audit ${suffix}`,
        permissions: ['View Sales Invoices'],
        email,
        password,
      });
    } finally {
      await admin.dispose();
    }
    await signIn(page, email, password);
    const denied = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/audits');
    await page.goto('/logs');
    const answer = await denied;
    expect(answer.status()).toBe(403);
    const { message } = (await answer.json()) as { message: string };
    const alert = page.getByRole('alert').filter({ hasText: 'Access Denied' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(message);
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(dataTable(page, 'Audit logs')).toHaveCount(0);
  });

  test('a load failure without a message says "An unexpected error occurred."', async ({ page }) => {
    await signInAsAdmin(page);
    await page.route('**/api/v1/audits', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/logs');
    const alert = page.getByRole('alert').filter({ hasText: 'An unexpected error occurred.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
  });
});
