import { expect, request, test, type Locator, type Page } from '@playwright/test';
import {
  adminApiSession,
  apiSession,
  createRoleViaApi,
  createUserViaApi,
  rawFetch,
  setPasswordFromInvite,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';
import { bodyRows, dataTable, dataTableFrame, expectToast, fieldError } from '../support/ui';

async function openAddRole(page: Page): Promise<Locator> {
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Role' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Types into the Permissions multi-select and picks the one matching option. */
async function pickPermission(page: Page, dialog: Locator, search: string, permission: string) {
  const input = dialog.getByRole('combobox', { name: 'Permissions' });
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: permission, exact: true }).click();
  await closeDropdown(dialog);
}

/** The multi-select keeps its dropdown open after a pick: a click on the modal title closes it. */
async function closeDropdown(dialog: Locator) {
  await dialog.locator('.mantine-Modal-title').click();
  await expect(dialog.page().locator('.mantine-MultiSelect-dropdown')).toBeHidden();
}

const searchRoles = (page: Page, text: string) =>
  dataTableFrame(page, 'Roles').getByRole('textbox', { name: 'Search records' }).fill(text);

test.describe('roles', () => {
  test.beforeEach(async ({ page }) => signInAsAdmin(page));

  test('the list has Name, Created At, Created By and Actions', async ({ page }) => {
    await page.goto('/roles');
    const table = dataTable(page, 'Roles');
    await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Created At', 'Created By', 'Actions']);
    await searchRoles(page, 'Administrator');
    const row = bodyRows(table).filter({
      has: page.getByRole('cell', { name: 'Administrator', exact: true }),
    });
    await expect(row.first()).toBeVisible();
    await expect(row.first().getByRole('switch')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
  });

  test('Add Role validates the name length and the permissions', async ({ page }) => {
    const dialog = await openAddRole(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Role Name')).toHaveText('Role name must be at least 3 characters');
    await expect(fieldError(page, 'Permissions')).toHaveText('You must select at least one permission');

    await dialog.getByRole('textbox', { name: 'Role Name' }).fill('ab');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Role Name')).toHaveText('Role name must be at least 3 characters');
    await dialog.getByRole('textbox', { name: 'Role Name' }).fill('  ab  ');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Role Name')).toHaveText('Role name must be at least 3 characters');
    await dialog.getByRole('textbox', { name: 'Role Name' }).fill('abc');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Role Name')).toHaveCount(0);
    await expect(fieldError(page, 'Permissions')).toHaveText('You must select at least one permission');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the permissions multi-select is searchable; a new role is added and listed', async ({ page }) => {
    const name = `E2E Desk ${uniqueSuffix()}`;
    const dialog = await openAddRole(page);
    await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name);

    const input = dialog.getByRole('combobox', { name: 'Permissions' });
    await input.click();
    // Every catalogue permission is offered...
    await expect(page.getByRole('option', { name: 'Post Loss', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Manage Settings', exact: true })).toBeVisible();
    // ...and the search narrows them, ignoring case.
    await input.fill('AUDIT');
    await expect(page.getByRole('option')).toHaveText(['View Audit Logs']);
    await page.getByRole('option', { name: 'View Audit Logs' }).click();
    await closeDropdown(dialog);
    await pickPermission(page, dialog, 'loss', 'Post Loss');
    await pickPermission(page, dialog, 'sales', 'View Sales Invoices');
    await expect(dialog.locator('.mantine-Pill-label')).toHaveText([
      'View Audit Logs',
      'Post Loss',
      'View Sales Invoices',
    ]);
    // A picked permission is no longer offered.
    await input.fill('loss');
    await expect(page.getByRole('option', { name: 'Post Loss', exact: true })).toHaveCount(0);
    await input.fill('');
    await closeDropdown(dialog);

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/roles') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect((await posted).request().postDataJSON()).toEqual({
      name,
      permissions: ['View Audit Logs', 'Post Loss', 'View Sales Invoices'],
    });
    await expectToast(page, { message: 'Role has been added successfully', color: 'blue' });
    await expect(dialog).toBeHidden();
    await searchRoles(page, name);
    const row = bodyRows(dataTable(page, 'Roles')).filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(E2E_ADMIN.name);
    await expect(row.getByRole('switch')).toBeChecked();

    // The same name again is refused on the Role Name field.
    await page.getByRole('button', { name: 'Add Role' }).click();
    await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name.toUpperCase());
    await pickPermission(page, dialog, 'audit', 'View Audit Logs');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Role Name')).toHaveText('The name has already been taken.');
  });

  test('toggling a role says "Role has been successfully updated" and refetches the list', async ({
    page,
    browser,
  }) => {
    test.slow();
    const name = `E2E Toggle ${uniqueSuffix()}`;
    const dialog = await openAddRole(page);
    await dialog.getByRole('textbox', { name: 'Role Name' }).fill(name);
    await pickPermission(page, dialog, 'audit', 'View Audit Logs');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, { message: 'Role has been added successfully' });

    // A user holding the role, signed in elsewhere.
    const email = `role-holder.${uniqueSuffix()}@example.com`;
    const password = 'RoleHolder-e2e-1';
    const admin = await adminApiSession();
    try {
      await createUserViaApi(admin, { name: 'Role Holder', email, role: name });
    } finally {
      await admin.dispose();
    }
    const anon = await request.newContext({ baseURL: E2E_BASE_URL });
    await setPasswordFromInvite(anon, email, password);
    await anon.dispose();
    const holder = await apiSession(undefined, email, password);

    await searchRoles(page, name);
    const row = bodyRows(dataTable(page, 'Roles')).filter({ hasText: name });
    const toggle = row.getByRole('switch', { name: `Toggle status of ${name}` });
    await expect(toggle).toBeChecked();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    const patched = page.waitForResponse((r) => /\/api\/v1\/toggleRoles\/\d+$/.test(r.url()));
    const refetched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/roles' && r.request().method() === 'GET',
    );
    await toggle.click({ force: true });
    const patch = await patched;
    expect(patch.status()).toBe(200);
    expect(patch.request().postDataJSON()).toEqual({ toggleStatus: false });
    await refetched;
    await expectToast(page, { message: 'Role has been successfully updated', color: 'blue' });
    await expect(toggle).not.toBeChecked();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();

    // Disabling a role ends its users' sessions and refuses their sign-in.
    expect((await holder.get('/user')).status()).toBe(401);
    await holder.dispose();
    const refused = await request.newContext({ baseURL: E2E_BASE_URL });
    try {
      await refused.get('/sanctum/csrf-cookie');
      const answer = await rawFetch(refused, 'POST', '/login', { email, password });
      expect(answer.status()).toBe(422);
      expect(((await answer.json()) as { errors: { email: string[] } }).errors.email).toEqual([
        'The role of this account has been disabled. Please contact your administrator.',
      ]);
    } finally {
      await refused.dispose();
    }
    // The login form shows that reason in its red top-right "Error!" toast.
    const theirs = await browser.newContext();
    try {
      const them = await theirs.newPage();
      await them.goto('/login');
      await them.getByRole('textbox', { name: 'Email' }).fill(email);
      await them.getByRole('textbox', { name: 'Password' }).fill(password);
      await them.getByRole('button', { name: 'Log In' }).click();
      await expectToast(them, {
        title: 'Error!',
        message: 'The role of this account has been disabled. Please contact your administrator.',
        color: 'red',
        position: 'top-right',
      });
      await expect(them).toHaveURL(/\/login$/);
    } finally {
      await theirs.close();
    }

    // A disabled role is no longer offered for new users.
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const role = page.getByRole('dialog', { name: 'Add User' }).getByRole('combobox', { name: 'Role' });
    await role.click();
    await role.fill(name);
    await expect(page.getByRole('option', { name, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/roles');
    await searchRoles(page, name);
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    const back = await apiSession(undefined, email, password);
    await back.dispose();
  });

  test('a list failure without a server message says "An unexpected error occurred."', async ({ page }) => {
    await page.route('**/api/v1/roles', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.goto('/roles');
    const alert = page.getByRole('alert').filter({ hasText: 'An unexpected error occurred.' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(alert).not.toContainText('occured');
  });

  test('a failed status change says "Failed to update role status"', async ({ page }) => {
    const name = `E2E Fail ${uniqueSuffix()}`;
    const admin = await adminApiSession();
    try {
      await createRoleViaApi(admin, name, ['View Audit Logs']);
    } finally {
      await admin.dispose();
    }
    await page.route('**/api/v1/toggleRoles/*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/roles');
    await searchRoles(page, name);
    const toggle = page.getByRole('switch', { name: `Toggle status of ${name}` });
    await toggle.click({ force: true });
    await expectToast(page, { title: 'Error', message: 'Failed to update role status', color: 'red' });
    await expect(toggle).toBeChecked();
  });
});
