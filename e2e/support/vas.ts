import { expect, type Page } from '@playwright/test';
import type { LedgerAccount, VasTransactionRow } from '@ff/contract';
import { apiCall } from './auth';
import { rowOf } from './posting';

/** Helpers of the VAS Transactions specs: the list and accounts, a row's inputs and the margin arithmetic. */

const SCREEN = '/vas/transactions';

/** The VAS rows the signed-in user of `page` may see (the API's list). */
export const listVas = (page: Page) =>
  apiCall<{ data: VasTransactionRow[] }>(page, 'GET', '/journalVasTransaction').then((r) => r.data);
/** The ledger accounts of one VAS account type. */
export const accountsOf = (page: Page, type: 'Vas Transaction Revenue' | 'Vas Transaction Cost') =>
  apiCall<{ data: LedgerAccount[] }>(page, 'GET', `/accounts?accountType=${encodeURIComponent(type)}`).then(
    (r) => r.data,
  );
export const table = (page: Page) => page.getByRole('table', { name: 'VAS transactions' });
/** An account as the selects show it. */
export const label = (account: LedgerAccount) => `${account.description} - ${account.accountNumber}`;

/** VAS inputs are named after the order (trip IDs may be empty on VAS rows). */
export const of = (row: VasTransactionRow) => `of order ${row.orderNumber}`;
export const revenueSelect = (page: Page, row: VasTransactionRow) =>
  page.getByRole('combobox', { name: `Revenue account ${of(row)}`, exact: true });
export const costSelect = (page: Page, row: VasTransactionRow) =>
  page.getByRole('combobox', { name: `Cost account ${of(row)}`, exact: true });
export const pickupInput = (page: Page, row: VasTransactionRow) =>
  page.getByRole('textbox', { name: `Pickup order number ${of(row)}`, exact: true });
export const quantityInput = (page: Page, row: VasTransactionRow) =>
  page.getByRole('textbox', { name: `Collected quantity ${of(row)}`, exact: true });
export const marginCell = (page: Page, row: VasTransactionRow) =>
  rowOf(table(page), row.orderNumber!).getByRole('cell').last();

const scaled = (v: string) => {
  const [whole, fraction = ''] = v.replace('-', '').split('.');
  const units = BigInt(`${whole}${fraction}`);
  return { units: v.startsWith('-') ? -units : units, scale: fraction.length };
};
/** quantity x price in cents, rounded half-up (prices carry 2 decimals, quantities up to 3). */
export function cents(quantity: string, price: string): bigint {
  const q = scaled(quantity);
  const p = scaled(price);
  const extra = q.scale + p.scale - 2;
  if (extra <= 0) return q.units * p.units * 10n ** BigInt(-extra);
  const divisor = 10n ** BigInt(extra);
  return (q.units * p.units + divisor / 2n) / divisor;
}
/** Cents as the screen shows money: en-US grouping, 2 decimals. */
export const money = (value: bigint) => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${new Intl.NumberFormat('en-US').format(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
};
/** The profit margin the screen should show for `q` collected. */
export const expectedMargin = (row: VasTransactionRow, q: string) =>
  money(cents(q, row.sellingUnitPrice) - cents(q, row.buyingUnitPrice));
export const isLossRow = (row: VasTransactionRow) =>
  scaled(row.sellingUnitPrice).units < scaled(row.buyingUnitPrice).units;
/** Rows with an order number, unique in the list, so their inputs can be named. */
export const nameable = (rows: VasTransactionRow[]) =>
  rows.filter((r) => r.orderNumber && rows.filter((o) => o.orderNumber === r.orderNumber).length === 1);

/** Opens the screen and waits for its rows and its accounts. */
export async function openScreen(page: Page) {
  await page.goto(SCREEN);
  // The first render of 100 rows of inputs is slow on a busy machine: allow it more than the default.
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
  // The accounts have loaded once a select offers them.
  await expect(page.getByRole('combobox', { name: /^Revenue account / }).first()).toContainText(
    'VAS Revenue',
    { timeout: 90_000 },
  );
}

/** Fills every input a row needs: pickup order number, revenue (the cost follows), collected quantity. */
export async function fillRow(page: Page, row: VasTransactionRow, revenue: LedgerAccount, quantity: string) {
  await pickupInput(page, row).fill(`PU-${row.id}`);
  await revenueSelect(page, row).selectOption({ label: label(revenue) });
  await quantityInput(page, row).fill(quantity);
}
