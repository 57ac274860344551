import { expect, type Locator, type Page } from '@playwright/test';
import { PASSWORD_LINK } from './auth';
import { waitForMailLink } from './mailbox';
import { COLOR_SCHEME_KEY, type ColorScheme } from './screens';
import { dataTableFrame } from './ui';
import { axeOn } from './axe';

/** Helpers of the administration specs (issue 12): a user row's menu, the Edit User form, role permissions. */

/** The newest set-password link mailed to `email` that is not one of `seen`. */
export async function newPasswordLink(email: string, seen: string[] = []): Promise<string> {
  let link = '';
  await expect
    .poll(async () => (link = await waitForMailLink(email, PASSWORD_LINK)), { timeout: 20_000 })
    .not.toMatch(new RegExp(`^(${seen.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`));
  return link;
}

/** Opens /users, finds the user by e-mail and opens their row's Actions menu. */
export async function openUserMenu(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await dataTableFrame(page, 'Users').getByRole('textbox', { name: 'Search records' }).fill(email);
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
}

/** Picks an option of a searchable Select in a dialog. */
export async function chooseOption(page: Page, dialog: Locator, label: string, option: string) {
  const input = dialog.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}

/** Opens /roles, finds the role and opens its permissions dialog. */
export async function openRolePermissions(page: Page, role: string): Promise<Locator> {
  await page.goto('/roles');
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  await dataTableFrame(page, 'Roles').getByRole('textbox', { name: 'Search records' }).fill(role);
  await page.getByRole('button', { name: `Permissions of ${role}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Permissions of ${role}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** No serious or critical axe violation inside the open dialog. */
export async function expectAccessibleDialog(page: Page, where: string): Promise<void> {
  const { violations } = await axeOn(page).include('[role="dialog"]').analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${where}: serious or critical accessibility violations`,
  ).toEqual([]);
}

/** Remembers a colour scheme for the page's next loads (as the header's toggle does). */
export const rememberColorScheme = (page: Page, scheme: ColorScheme) =>
  page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    COLOR_SCHEME_KEY,
    scheme,
  ] as const);
