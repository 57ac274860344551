import { expect, test, type Page } from '@playwright/test';
import type { PostingPeriodsAnswer, SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn, xsrfHeaders } from '../support/auth';
import { dayLabel, openCalendarAt, parseServerDateTime, rowOf } from '../support/posting';
import { simulator } from '../support/simulator';

/**
 * Issue 11: SAP's posting periods on the posting screens. A period locked in SAP (through the embedded
 * simulator's `/__sim` controls) disables its days in the posting-date picker, each naming the period, and
 * the server refuses a row dated in it before calling SAP.
 */

const SCREEN = '/invoices/sales';
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });
const periods = (page: Page, refresh = false) =>
  apiCall<PostingPeriodsAnswer>(page, 'GET', `/posting-periods${refresh ? '?refresh=1' : ''}`);

test.describe('Posting periods', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test("a locked period's days are disabled in the picker, naming the period; the server refuses them", async ({
    page,
  }) => {
    const rows = (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;
    const row = rows[0]!;
    const documentDay = parseServerDateTime(row.documentDate);
    const month = row.documentDate.slice(0, 7);
    const sim = await simulator(page);
    await page.request.post(`${sim}/__sim/periods/lock`, { data: { from: month } });
    try {
      // What the picker's screen reads: SAP's periods, read again now.
      const locked = (await periods(page, true)).data.find((p) => p.code === month);
      expect(locked?.status).toBe('locked');

      await page.goto(SCREEN);
      await expect(table(page)).toBeVisible({ timeout: 30_000 });
      await page.getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
      await expect(rowOf(table(page), row.tripNumber)).toBeVisible();
      const calendar = await openCalendarAt(page, row.tripNumber, documentDay);
      const day = calendar.getByRole('button', { name: dayLabel(documentDay), exact: true });
      await expect(day).toHaveAttribute('title', `Posting period ${month} is locked in SAP`);
      await expect(day).toBeDisabled();
      await page.keyboard.press('Escape');

      // The server refuses the day too, before SAP is asked, naming the trip and the kind.
      const response = await page.request.post('/api/v1/journalSaleInvoice', {
        headers: await xsrfHeaders(page.context()),
        data: { postSap: [{ saleInvoice: row.id, postingDate: row.documentDate.slice(0, 10) }] },
      });
      expect(response.status()).toBe(422);
      expect((await response.json()).failed).toEqual([
        {
          id: row.id,
          message: `${row.tripNumber} (sales invoice): posting period ${month} is locked in SAP.`,
        },
      ]);
    } finally {
      await page.request.post(`${sim}/__sim/periods/unlock`, { data: {} });
      await periods(page, true);
    }
    expect((await periods(page)).data.find((p) => p.code === month)?.status).toBe('open');
  });
});
