import { expect, test } from '@playwright/test';
import { adminApiSession, createSignedUpUser, signIn, signInAsAdmin, uniqueSuffix } from '../support/auth';
import { expectAccessibleDialog, openRolePermissions, rememberColorScheme } from '../support/admin';
import { expectToast } from '../support/ui';

/** A role's permissions (issue 12): viewed and edited from the Roles list, felt by its users at once. */

test("editing a role's permissions changes what its signed-in users may open, on their next request", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = uniqueSuffix();
  const role = `E2E Perm ${suffix}`;
  const clerk = { email: `perm-${suffix}@example.com`, password: 'Perm-e2e-Passw0rd' };
  const admin = await adminApiSession();
  try {
    await createSignedUpUser(admin, { roleName: role, permissions: ['View Audit Logs'], ...clerk });
  } finally {
    await admin.dispose();
  }
  const clerkPage = await browser.newPage();
  try {
    await signIn(clerkPage, clerk.email, clerk.password);
    await clerkPage.goto('/advance/cash');
    await expect(clerkPage.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();

    await signInAsAdmin(page);
    const dialog = await openRolePermissions(page, role);
    const cash = dialog.getByRole('checkbox', { name: 'View Cash Advances' });
    await expect(dialog.getByRole('checkbox', { name: 'View Audit Logs' })).toBeChecked();
    await expect(cash).not.toBeChecked();
    await expect(dialog.getByRole('group', { name: 'Cash Advances' })).toBeVisible();
    await expectAccessibleDialog(page, 'Role permissions dialog, light');
    // At least one permission.
    await dialog.getByRole('checkbox', { name: 'View Audit Logs' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('You must select at least one permission')).toBeVisible();
    await cash.check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, { message: 'The role\u2019s permissions have been updated.', color: 'blue' });
    await expect(dialog).toBeHidden();

    // The clerk's same session: the next load is let in, the audit log no longer.
    await clerkPage.reload();
    await expect(clerkPage.getByRole('heading', { name: 'Cash Advance', level: 1 })).toBeVisible();
    await expect(clerkPage.getByRole('alert').filter({ hasText: 'Access Denied' })).toHaveCount(0);
    await clerkPage.goto('/logs');
    await expect(clerkPage.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();

    // Reopened, the dialog shows the saved set; the Administrator role is read-only.
    const again = await openRolePermissions(page, role);
    await expect(again.getByRole('checkbox', { name: 'View Cash Advances' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'View Audit Logs' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    const administrator = await openRolePermissions(page, 'Administrator');
    await expect(
      administrator.getByText('The Administrator role always holds every permission'),
    ).toBeVisible();
    await expect(administrator.getByRole('checkbox', { name: 'Manage Roles' })).toBeDisabled();
    await expect(administrator.getByRole('checkbox', { name: 'Manage Roles' })).toBeChecked();
    await expect(administrator.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await rememberColorScheme(page, 'dark');
    await openRolePermissions(page, role);
    await expectAccessibleDialog(page, 'Role permissions dialog, dark');
    await rememberColorScheme(page, 'light');
  } finally {
    await clerkPage.close();
  }
});
