import type { Page } from '@playwright/test';

/** Helpers of the Settings specs: the ERP connection form and the stored connection. */

/** The password field's hint while a password is saved. */
export const PASSWORD_HINT = 'Saved — leave blank to keep it';

/** A row of GET /connectionSetting. */
export type Setting = {
  id: number;
  companyDb: string;
  username: string;
  password: string;
  hasPassword: boolean;
};

/** The ERP connection form's password field. */
export const passwordInput = (page: Page) =>
  page.getByLabel(/^Password/, { exact: false }).and(page.locator('input'));
