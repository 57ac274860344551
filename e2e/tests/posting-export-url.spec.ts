import { expect, test, type Page } from '@playwright/test';
import type { SalesInvoiceRow } from '@ff/contract';
import { signIn } from '../support/auth';
import { exportFrom, readCsv, readXlsx } from '../support/export';
import { isoDay, parseServerDateTime, pickPostingDay } from '../support/posting';
import { listSales, openPostingScreen, searchRows } from '../support/posting-bulk';

const SCREEN = '/invoices/sales';
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });
const footer = (page: Page) => page.getByText(/^Showing \d+ of \d+ records$/);
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search records' });

/** A row whose document date is at least two days back, so the day before today is a valid posting date. */
function rowPostableYesterday(rows: SalesInvoiceRow[]): SalesInvoiceRow {
  const limit = new Date();
  limit.setDate(limit.getDate() - 2);
  const row = rows.find((candidate) => parseServerDateTime(candidate.documentDate) < limit);
  expect(row, 'a sales row dated two days back or more').toBeDefined();
  return row!;
}

// Issue 12: the list's search and page live in the URL (reload and Back keep them) and Export writes the
// filtered rows of every page with the values typed in.
test.describe('posting screens: state in the URL and export', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('search and page are in the URL, survive a reload and Back; CSV and XLSX hold the typed posting date and numeric amounts', async ({
    page,
  }) => {
    const rows = await listSales(page);
    const known = rowPostableYesterday(rows);
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);

    await openPostingScreen(page, SCREEN);
    // The value typed in: the known row's posting date, yesterday.
    await searchRows(page, known.tripNumber);
    await pickPostingDay(page, known.tripNumber, yesterday);

    // A search that matches more than one page: the trip numbers' common start.
    const prefix = known.tripNumber.slice(0, 3);
    await searchBox(page).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}(&|$)`), { timeout: 15_000 });
    await expect(footer(page)).toHaveText(/^Showing 100 of (\d{3,}) records$/, { timeout: 30_000 });
    const matching = Number(/of (\d+) records/.exec((await footer(page).textContent()) ?? '')![1]);
    expect(matching).toBeGreaterThan(100);
    const firstRow = () => table(page).getByRole('rowgroup').last().getByRole('row').first();
    // The first row's trip number (its other cells hold a posting date that follows the clock).
    const tripCell = firstRow()
      .getByRole('cell')
      .filter({ hasText: new RegExp(`^${prefix}[\\w-]*$`) })
      .first();
    const page1Trip = (await tripCell.textContent())!;
    expect(page1Trip.startsWith(prefix)).toBe(true);

    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}(&|$)`));
    await expect(firstRow()).not.toContainText(page1Trip);

    // A reload keeps the search and the page.
    await page.reload();
    await expect(footer(page)).toBeVisible({ timeout: 90_000 });
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(searchBox(page)).toHaveValue(prefix);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeVisible();
    await expect(firstRow()).not.toContainText(page1Trip);

    // Back returns to the first page of the same search.
    await page.goBack();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}(&|$)`));
    await expect(firstRow()).toContainText(page1Trip, { timeout: 30_000 });

    // CSV: every matching row of every page, the typed posting date, the amount as a plain number.
    const csv = await exportFrom(page, page.locator('main'), 'CSV');
    expect(csv.fileName).toMatch(/^sales-invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const { rows: csvRows } = await readCsv(csv.path);
    const [header, ...body] = csvRows;
    expect(body).toHaveLength(matching);
    const tripAt = header!.indexOf('Trip Number');
    const dateAt = header!.indexOf('Posting Date');
    const amountAt = header!.indexOf('Amount');
    expect([tripAt, dateAt, amountAt].every((at) => at >= 0)).toBe(true);
    const line = body.find((cells) => cells[tripAt] === known.tripNumber);
    expect(line, `the exported row of ${known.tripNumber}`).toBeDefined();
    expect(line![dateAt]).toMatch(new RegExp(`^${isoDay(yesterday)} \\d{2}:\\d{2}:\\d{2}$`));
    expect(line![amountAt]).toBe(Number(known.amount).toFixed(2));

    // XLSX: the same, the amount a Number cell.
    const xlsx = await exportFrom(page, page.locator('main'), 'Excel (.xlsx)');
    expect(xlsx.fileName).toMatch(/^sales-invoices-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readXlsx(xlsx.path);
    expect(sheet.values).toHaveLength(matching + 1);
    const xlsxHeader = sheet.values[0]!;
    const at = (name: string) => xlsxHeader.indexOf(name);
    const index = sheet.values.findIndex((cells) => cells[at('Trip Number')] === known.tripNumber);
    expect(index).toBeGreaterThan(0);
    expect(String(sheet.values[index]![at('Posting Date')])).toMatch(new RegExp(`^${isoDay(yesterday)} `));
    expect(sheet.values[index]![at('Amount')]).toBe(Number(known.amount));
    expect(typeof sheet.values[index]![at('Amount')]).toBe('number');
  });

  test("the transporter tab is in the URL and remembered; a dashboard card's tab wins over the remembered one", async ({
    page,
  }) => {
    const tab = (name: string) => page.getByRole('tab', { name });
    await openPostingScreen(page, '/invoices/transporter');
    await tab('Post Second JE').click();
    await expect(page).toHaveURL(/[?&]tab=second-je(&|$)/);
    await expect(tab('Post Second JE')).toHaveAttribute('aria-selected', 'true');

    // A bare URL opens the screen as the user left it.
    await openPostingScreen(page, '/invoices/transporter');
    await expect(tab('Post Second JE')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=second-je(&|$)/);

    // The dashboard's first-journal card opens the first tab although the second is remembered.
    await page.goto('/');
    await page.getByRole('link', { name: /Transporter Invoices \(FJ\)/ }).click();
    await expect(page).toHaveURL(/\/invoices\/transporter\?(.*&)?tab=first-je(&|$)/);
    await expect(tab('Post First JE')).toHaveAttribute('aria-selected', 'true');
    // And the user can still switch tabs there.
    await tab('Post Second JE').click();
    await expect(tab('Post Second JE')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/[?&]tab=second-je(&|$)/);
  });
});
