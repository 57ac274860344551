import { expect, test, type Page } from '@playwright/test';
import type { SalesInvoiceRow } from '@ff/contract';
import { apiCall, fillLogin, signIn } from '../support/auth';
import { E2E_ADMIN, E2E_BASE_URL } from '../support/env';
import { postButton, selectBox } from '../support/posting';
import { recordToasts } from '../support/toast-log';

/**
 * Issue 12, defect 5: the session ended in another tab, then Post showed two errors ("Your session has
 * ended..." and "Unauthenticated.") and signing in again landed on `/`. Now: one clear message, and signing
 * in again returns to the page the user was on, search parameters included.
 */

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** Every toast the page has shown since it loaded (recordToasts), text and colour. */
const shownToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);

test('a session ended in another tab: Post shows one message, and signing in again returns to the screen', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, reducedMotion: 'reduce' });
  try {
    const page = await context.newPage();
    await signIn(page);
    const [row] = (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;
    expect(row, 'the demo data has a sales invoice to post').toBeDefined();

    await page.addInitScript(recordToasts);
    // A screen with search parameters in its address (the way a user shares or bookmarks one).
    await page.goto(`/invoices/sales?search=${encodeURIComponent(row!.tripNumber)}`);
    await expect(page.getByText(/^Showing [\d,]+ of [\d,]+ records$/)).toBeVisible({ timeout: 60_000 });
    const screenUrl = page.url();
    await selectBox(page, row!.id).check();
    await expect(postButton(page)).toBeEnabled();

    // The other tab of the same browser logs out.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
    await other.getByRole('menuitem', { name: 'Log Out' }).click();
    await other
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(other).toHaveURL(/\/login$/);
    await other.close();

    // Back in the first tab, the prepared row is posted.
    await postButton(page).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
    // Anything else would have shown by now (the refused post answers at once).
    await page.waitForTimeout(1500);
    const toasts = await shownToasts(page);
    expect(toasts.map((toast) => toast.split(' --')[0]!.trim())).toEqual([`Error${SESSION_ENDED}`]);
    expect(toasts.join('\n')).not.toContain('Unauthenticated.');

    // Signing in again returns to the very screen, its search parameters included.
    await fillLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(screenUrl);
    await expect(page.getByRole('heading', { name: 'Sales Invoices', level: 1 })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('after a deliberate log out, signing in lands on the dashboard, not on the page logged out from', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
});
