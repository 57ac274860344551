import { expect, test, type Page } from '@playwright/test';
import {
  adminApiSession,
  createRoleViaApi,
  createUserViaApi,
  signIn,
  signInAsAdmin,
  uniqueSuffix,
} from '../support/auth';
import {
  chooseOption,
  expectAccessibleDialog,
  newPasswordLink,
  openUserMenu,
  rememberColorScheme,
} from '../support/admin';
import { earlyInvitee } from '../support/early-invitee';
import { dataTable, expectToast, fieldError } from '../support/ui';

/** Administration of users (issue 12): the set-password page of an invitation, Edit User, Resend invitation. */

const suffix = uniqueSuffix();
const clerkRole = `E2E Admin Clerk ${suffix}`;
const supervisorRole = `E2E Admin Supervisor ${suffix}`;
const invitee = { name: `Invitee ${suffix}`, email: `invitee-${suffix}@example.com` };

test.beforeAll(async () => {
  const admin = await adminApiSession();
  try {
    await createRoleViaApi(admin, clerkRole, ['View Sales Invoices']);
    await createRoleViaApi(admin, supervisorRole, ['View Sales Invoices', 'View Audit Logs']);
    await createUserViaApi(admin, { ...invitee, role: clerkRole });
  } finally {
    await admin.dispose();
  }
});

async function setPasswordOnPage(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'New Password' }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('the mailed invitation opens a page titled "Set your password" (defect 8)', async ({ page }) => {
  const link = await newPasswordLink(invitee.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reset your password', exact: true })).toHaveCount(0);
  await expect(page.getByText(`Choose a password for ${invitee.email}.`)).toBeVisible();
});

test("Edit User: prefilled with the user's values, validated like Add User; a new role shows in the list", async ({
  page,
}) => {
  const user = { name: `Achieng Edit${suffix}`, email: `edit-${suffix}@example.com` };
  const admin = await adminApiSession();
  try {
    await createUserViaApi(admin, { ...user, mobileNo: '+254712345678', role: clerkRole });
  } finally {
    await admin.dispose();
  }
  await signInAsAdmin(page);
  await openUserMenu(page, user.email, user.name);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Achieng');
  await expect(dialog.getByRole('textbox', { name: 'Last Name' })).toHaveValue(`Edit${suffix}`);
  await expect(dialog.getByRole('textbox', { name: 'Mobile' })).toHaveValue('712345678');
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue(clerkRole);
  await expect(dialog.getByText(user.email)).toBeVisible();
  await expectAccessibleDialog(page, 'Edit User dialog, light');

  await dialog.getByRole('textbox', { name: 'Last Name' }).fill('');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(fieldError(page, 'Last Name')).toHaveText('Last name is required');

  await dialog.getByRole('textbox', { name: 'Last Name' }).fill(`Otieno${suffix}`);
  await chooseOption(page, dialog, 'Role', supervisorRole);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, { message: 'User has been updated successfully.', color: 'blue' });
  await expect(dialog).toBeHidden();
  const row = dataTable(page, 'Users').getByRole('row').filter({ hasText: user.email });
  await expect(row).toContainText(supervisorRole);
  await expect(row).toContainText(`Achieng Otieno${suffix}`);

  // Reopened, the form shows the saved values.
  await page.getByRole('button', { name: `Actions for Achieng Otieno${suffix}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue(supervisorRole);
  await rememberColorScheme(page, 'dark');
  await openUserMenu(page, user.email, `Achieng Otieno${suffix}`);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Achieng');
  await expectAccessibleDialog(page, 'Edit User dialog, dark');
  await rememberColorScheme(page, 'light');
});

test('Resend invitation: at most once a minute; the new link sets the password, the old one is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // Invited when the suite started (support/early-invitee.ts): normally more than a minute ago.
  const invitee = earlyInvitee();
  const oldLink = await newPasswordLink(invitee.email);
  await signInAsAdmin(page);
  await page.waitForTimeout(Math.max(0, invitee.invitedAt + 61_000 - Date.now()));
  await openUserMenu(page, invitee.email, invitee.name);
  // A user who has set a password has no such item (the administrator, for one), this one has.
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await expectToast(page, { message: `A new invitation was sent to ${invitee.email}.`, color: 'blue' });
  // A second resend within the minute is refused, saying how long to wait.
  await page.getByRole('button', { name: `Actions for ${invitee.name}` }).click();
  await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
  await expectToast(page, {
    message:
      /^An invitation was sent to this user less than a minute ago\. Please try again in \d+ seconds\.$/,
    color: 'red',
  });

  const newLink = await newPasswordLink(invitee.email, [oldLink]);
  const other = await browser.newPage();
  try {
    await other.goto(oldLink);
    await setPasswordOnPage(other, 'Invitee-e2e-Passw0rd');
    await expect(other.getByText('This password reset token is invalid.').first()).toBeVisible();

    await other.goto(newLink);
    await expect(other.getByRole('heading', { name: 'Set your password', exact: true })).toBeVisible();
    await setPasswordOnPage(other, 'Invitee-e2e-Passw0rd');
    // A first password is "set", not "reset", and the sign-in that follows has the address filled in (issue 26).
    await expectToast(other, { message: 'Your password has been set.', color: 'blue' });
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(invitee.email);
    await signIn(other, invitee.email, 'Invitee-e2e-Passw0rd');
  } finally {
    await other.close();
  }
  // With a password set, the menu no longer offers a resend.
  await openUserMenu(page, invitee.email, invitee.name);
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Resend invitation' })).toHaveCount(0);
});
