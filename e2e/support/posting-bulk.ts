import { expect, type Locator, type Page } from '@playwright/test';
import type { FuelAdvanceRow, LedgerAccount, SalesInvoiceRow } from '@ff/contract';
import { apiCall } from './auth';

/** Helpers of the bulk-work, drafts and defect specs of the posting screens (issue 12). */

export const listSales = (page: Page) =>
  apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice').then((r) => r.data);
export const listFuel = (page: Page) =>
  apiCall<{ data: FuelAdvanceRow[] }>(page, 'GET', '/journalFuelAdvance').then((r) => r.data);
export const pettyCash = (page: Page) =>
  apiCall<{ data: LedgerAccount[] }>(page, 'GET', '/accounts?accountType=petty%20cash').then((r) => r.data);
export const accountLabel = (account: LedgerAccount) => `${account.description} - ${account.accountNumber}`;

/** Opens a posting screen and waits for its first page. */
export async function openPostingScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
}

/** Narrows the list to rows matching `text` (the server's search) and waits until the first page shows it. */
export async function searchRows(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search records' }).fill(text);
  // The search applies after a pause: wait until every row shown is one that matches.
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 30_000 });
  const body = page.getByRole('table').getByRole('rowgroup').last();
  await expect(body.getByRole('row').first()).toContainText(text, { timeout: 30_000 });
  await expect(body.getByRole('row').filter({ hasNotText: text })).toHaveCount(0, { timeout: 30_000 });
}

/** Counts the POST requests a page sends to an API path (from now on). */
export function countPosts(page: Page, apiPath: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${apiPath}`) count += 1;
  });
  return () => count;
}

/** The time fields (hours, minutes) of an open posting date picker. */
export const timeFields = (dropdown: Locator) => dropdown.locator('input.mantine-TimePicker-field');

/** The box of an element, failing when it is not laid out. */
export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** The text of the recorded toasts (support/toast-log.ts's init script). */
export const recordedToasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);
