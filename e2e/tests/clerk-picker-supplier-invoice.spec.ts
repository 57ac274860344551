import { expect, test, type Page } from '@playwright/test';
import type { FirstJournalRow } from '@ff/contract';
import { apiCall, signIn } from '../support/auth';
import { isoDay, rowOf } from '../support/posting';

/**
 * Issue 26, item 12: the flag under a supplier invoice number the transporter used already names the whole
 * trip, wrapped inside its column (it ran on under the next column, cut off at "TRP-2026-003..."), and its
 * tooltip lists every trip.
 */
const SCREEN = '/invoices/transporter';
const firstTable = (page: Page) => page.getByRole('table', { name: 'First journal transporter invoices' });

test.describe('Duplicate supplier invoice flag (issue 26, item 12)', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('shows the whole trip inside the column, and names it in a tooltip', async ({ page }) => {
    const rows = (await apiCall<{ data: FirstJournalRow[] }>(page, 'GET', '/firstJournalTransporterInvoice'))
      .data;
    const pair = rows
      .map((row) => [
        row,
        rows.find((other) => other.id !== row.id && other.transporterName === row.transporterName),
      ])
      .find((candidate): candidate is [FirstJournalRow, FirstJournalRow] => candidate[1] !== undefined);
    expect(pair, 'two first-journal rows of one transporter in the demo data').toBeDefined();
    const [used, row] = pair!;
    const number = `SINV-E2E-${Date.now().toString(36).toUpperCase()}`;
    await apiCall(page, 'POST', '/firstJournalTransporterInvoice', {
      postSap: [
        { transporterInvoice: used.id, postingDate: isoDay(new Date()), supplierInvoiceNumber: number },
      ],
    });

    await page.goto(SCREEN);
    await expect(firstTable(page)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
    await expect(rowOf(firstTable(page), row.tripNumber)).toBeVisible();
    await page
      .getByRole('textbox', { name: `Supplier invoice number of trip ${row.tripNumber}`, exact: true })
      .fill(number);
    const flag = rowOf(firstTable(page), row.tripNumber).getByText(`Already used on ${used.tripNumber}`, {
      exact: true,
    });
    await expect(flag).toBeVisible();

    // The whole text lies inside its own box and its cell: nothing runs on under the next column.
    const fits = await flag.evaluate((el) => {
      const cell = el.closest('td')!.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect();
      return {
        overflow: el.scrollWidth - el.clientWidth,
        pastCell: Math.round(text.right - cell.right),
      };
    });
    expect(fits.overflow, 'the flag overflows its box').toBeLessThanOrEqual(1);
    expect(fits.pastCell, 'the flag runs past its cell').toBeLessThanOrEqual(0);
    await expect(flag).toHaveAttribute('title', `Already used on ${used.tripNumber}`);
  });
});
