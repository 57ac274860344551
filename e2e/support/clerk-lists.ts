import { expect, type Locator, type Page } from '@playwright/test';
import type { CashAdvanceRow, LedgerAccount } from '@ff/contract';
import { apiCall } from './auth';

/** Helpers of the clerk-lists specs (issue 26: phone lists, Apply to rows, selection feedback, permissions). */

export const CASH_SCREEN = '/advance/cash';
export const listCash = (page: Page) =>
  apiCall<{ data: CashAdvanceRow[] }>(page, 'GET', '/journalCashAdvance').then((r) => r.data);
export const pettyCashLedgers = (page: Page) =>
  apiCall<{ data: LedgerAccount[] }>(page, 'GET', '/accounts?accountType=petty%20cash').then((r) => r.data);
export const ledgerLabel = (account: LedgerAccount) => `${account.description} - ${account.accountNumber}`;
export const cashTable = (page: Page) => page.getByRole('table', { name: 'Cash advances', exact: true });
export const rowLedger = (page: Page, trip: string) =>
  page.getByRole('combobox', { name: `Posting ledger of trip ${trip}`, exact: true });

/** Opens Cash Advance and waits for its first page and its petty-cash ledgers. */
export async function openCashAdvance(page: Page): Promise<void> {
  await page.goto(CASH_SCREEN);
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('combobox', { name: /^Posting ledger of trip / }).first()).toContainText(
    'Petty Cash',
    { timeout: 90_000 },
  );
}

/** The rows of the table's body, in the order shown. */
export const bodyRows = (table: Locator) => table.getByRole('rowgroup').last().getByRole('row');

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** How the posting date inputs show a day: '26 Nov 2026'. */
export const shortDay = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')} ${SHORT_MONTHS[date.getMonth()]} ${date.getFullYear()}`;
