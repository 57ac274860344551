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
import {
  auditFrame,
  auditSearch,
  columnCells,
  eventTypeFilter,
  postOneSalesInvoice,
  SERVER_DATE_TIME,
  userFilter,
} from '../support/audit';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';
import { exportFrom, readCsv, readXlsx } from '../support/export';
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
    // The User cell: the name, and under it the account's e-mail (a name alone may be anyone's); a failed
    // sign-in has no account, only the address typed.
    const byAdmin = `${E2E_ADMIN.name}${E2E_ADMIN.email}`;
    const byThem = `${userName}${email}`;
    const expected: Array<[RegExp, string]> = [
      [new RegExp(`^Disabled user ${userName} \\(${email}\\)$`), byAdmin],
      [new RegExp(`^Signed in: ${email}$`), byThem],
      [new RegExp(`^Password reset completed for ${email}$`), byThem],
      [new RegExp(`^Created user ${userName} \\(${email}\\) with role ${roleName}$`), byAdmin],
      [new RegExp(`^Created role ${roleName} with permissions: View Audit Logs$`), byAdmin],
      [new RegExp(`^Failed sign-in for ${unknown}$`), unknown],
    ];
    // Newest first.
    await expect(rows.locator('td:nth-child(2)')).toHaveText(expected.map(([event]) => event));
    for (const [index, [event, who]] of expected.entries()) {
      const row = rows.nth(index);
      await expect(row.getByRole('cell').nth(1), String(event)).toHaveText(event);
      await expect(row.getByRole('cell').nth(2)).toHaveText(who);
      await expect(row.getByRole('cell').nth(3)).toHaveText('127.0.0.1');
      // To the second (issue 12, defect 9: minutes only).
      await expect(row.getByRole('cell').nth(0)).toHaveText(SERVER_DATE_TIME);
    }

    // The administrator's own sign-in (through the form above) is there too.
    await dataTableFrame(page, 'Audit logs')
      .getByRole('textbox', { name: 'Search records' })
      .fill(`Signed in: ${E2E_ADMIN.email}`);
    const adminRow = rows.first();
    await expect(adminRow.getByRole('cell').nth(2)).toHaveText(`${E2E_ADMIN.name}${E2E_ADMIN.email}`);
    await expect(adminRow.getByRole('cell').nth(3)).toHaveText('127.0.0.1');
  });

  test('filters by user and event type, finds a posted trip by its number, and exports the rows shown', async ({
    page,
  }) => {
    test.slow();
    const suffix = uniqueSuffix();
    const email = `filtered.${suffix}@example.com`;
    const userName = `Filtered Clerk${suffix}`;
    const password = 'Filtered-e2e-Passw0rd';
    const admin = await adminApiSession();
    let posting: { id: number; tripNumber: string };
    try {
      await createSignedUpUser(admin, {
        roleName: `E2E Filtered ${suffix}`,
        permissions: ['View Audit Logs'],
        name: userName,
        email,
        password,
      });
      const them = await apiSession(E2E_BASE_URL, email, password);
      await them.dispose();
      posting = await postOneSalesInvoice(admin);
    } finally {
      await admin.dispose();
    }

    await signInAsAdmin(page);
    await page.goto('/logs');
    const table = dataTable(page, 'Audit logs');
    await expect(columnCells(page, 0).first()).toHaveText(SERVER_DATE_TIME);

    // The user filter: only that user's events.
    await userFilter(page).selectOption({ label: userName });
    // Newest first: the sign-in, then the password set from the invitation.
    await expect(columnCells(page, 1)).toHaveText([
      `Signed in: ${email}`,
      new RegExp(`password.* ${email}`, 'i'),
    ]);
    await expect(columnCells(page, 2)).toHaveText([`${userName}${email}`, `${userName}${email}`]);
    await expect(page).toHaveURL(/[?&]user=\d+/);

    // Plus an event type: the sign-in alone; then every user's sign-ins and sign-outs.
    await eventTypeFilter(page).selectOption('Sign-in and sign-out');
    await expect(columnCells(page, 1)).toHaveText([`Signed in: ${email}`]);
    await userFilter(page).selectOption({ label: 'All users' });
    await expect(
      columnCells(page, 1)
        .filter({ hasText: `Signed in: ${E2E_ADMIN.email}` })
        .first(),
    ).toBeVisible();
    for (const event of await columnCells(page, 1).allTextContents())
      expect(event).toMatch(/sign-in|signed (in|out)/i);

    // A trip number finds its posting: the line names the trip, the kind and SAP's document.
    await eventTypeFilter(page).selectOption('Posting to SAP');
    await auditSearch(page).fill(posting.tripNumber.toLowerCase());
    const postedLine = new RegExp(
      `^Posted 1 sales invoice to SAP: ${posting.tripNumber} \\(#${posting.id}\\) as DocEntry \\d+, DocNum \\d+$`,
    );
    await expect(columnCells(page, 1)).toHaveText([postedLine]);
    await expect(columnCells(page, 2)).toHaveText([`${E2E_ADMIN.name}${E2E_ADMIN.email}`]);
    await expect(page).toHaveURL(/[?&]event=Posting\+to\+SAP/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${posting.tripNumber.toLowerCase()}`));

    // The filters live in the URL: a reload shows the same rows.
    await page.reload();
    await expect(eventTypeFilter(page)).toHaveValue('Posting to SAP');
    await expect(auditSearch(page)).toHaveValue(posting.tripNumber.toLowerCase());
    await expect(columnCells(page, 1)).toHaveText([postedLine]);
    const shownDate = (await columnCells(page, 0).first().textContent())!;

    // Export: the filtered rows, the date with its seconds, in CSV and in Excel.
    const csv = await exportFrom(page, auditFrame(page), 'CSV');
    expect(csv.fileName).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.csv$/);
    const { rows } = await readCsv(csv.path);
    expect(rows[0]).toEqual(['Audit Date', 'Event', 'User', 'User E-mail', 'IP Address']);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]![0]).toBe(shownDate);
    expect(rows[1]![0]).toMatch(SERVER_DATE_TIME);
    expect(rows[1]![1]).toMatch(postedLine);
    expect(rows[1]!.slice(2)).toEqual([E2E_ADMIN.name, E2E_ADMIN.email, '127.0.0.1']);

    const xlsx = await exportFrom(page, auditFrame(page), 'Excel (.xlsx)');
    expect(xlsx.fileName).toMatch(/^audit-logs-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const { values } = await readXlsx(xlsx.path);
    expect(values).toHaveLength(2);
    expect(values[0]).toEqual(['Audit Date', 'Event', 'User', 'User E-mail', 'IP Address']);
    expect(values[1]![0]).toBe(shownDate);
    expect(String(values[1]![1])).toMatch(postedLine);
    expect(values[1]!.slice(2)).toEqual([E2E_ADMIN.name, E2E_ADMIN.email, '127.0.0.1']);
    await expect(table).toBeVisible();
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
    await page.route(
      (url) => url.pathname === '/api/v1/audits',
      (route) => route.fulfill({ status: 500, body: '' }),
    );
    await page.goto('/logs');
    const alert = page.getByRole('alert').filter({ hasText: 'An unexpected error occurred.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
  });
});
