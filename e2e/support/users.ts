import { expect, type Locator, type Page } from '@playwright/test';
import { adminApiSession, createRoleViaApi } from './auth';
import { dataTableFrame } from './ui';

/** Helpers of the Users specs: a role for new users, the Add User form and the list's search. */

/** A role the specs' new users get: it may read the audit log and nothing else. */
export async function createAuditorRole(suffix: string): Promise<string> {
  const name = `E2E Auditor ${suffix}`;
  const admin = await adminApiSession();
  try {
    await createRoleViaApi(admin, name, ['View Audit Logs']);
  } finally {
    await admin.dispose();
  }
  return name;
}

/** Opens the Users screen and its Add User dialog. */
export async function openAddUser(page: Page): Promise<Locator> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseRole(page: Page, dialog: Locator, role: string) {
  const input = dialog.getByRole('combobox', { name: 'Role' });
  await input.click();
  await input.fill(role);
  await page.getByRole('option', { name: role, exact: true }).click();
  await expect(input).toHaveValue(role);
}

/** Fills every field of the Add User dialog. */
export async function fillUser(
  page: Page,
  dialog: Locator,
  user: { first: string; last: string; email: string; mobile: string; role: string },
) {
  await dialog.getByRole('textbox', { name: 'First Name' }).fill(user.first);
  await dialog.getByRole('textbox', { name: 'Last Name' }).fill(user.last);
  await dialog.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill(user.mobile);
  await chooseRole(page, dialog, user.role);
}

/** Types into the Users table's search box. */
export const searchTable = async (page: Page, text: string) => {
  await dataTableFrame(page, 'Users').getByRole('textbox', { name: 'Search records' }).fill(text);
};
