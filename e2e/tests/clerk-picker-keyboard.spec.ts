import { expect, test, type Page } from '@playwright/test';
import type { SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn } from '../support/auth';
import { dayLabel, openCalendarAt, parseServerDateTime, postingDateInput, rowOf } from '../support/posting';

/**
 * Issue 26, items 4 and 5: the posting date picker with the keyboard. Choosing a date with the keyboard hands
 * the focus back to the row's date control, and the time fields take typed digits as a time field does,
 * whatever the day's bounds (the document's time on its own day, now on today).
 */
const SCREEN = '/invoices/sales';
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });
const pickerDropdown = (page: Page) =>
  page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Previous month' }) });

async function openRow(page: Page, row: SalesInvoiceRow) {
  await page.goto(SCREEN);
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
  await expect(rowOf(table(page), row.tripNumber)).toBeVisible();
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout: 30_000 });
}

/** How the control shows a day: '05 Nov 2026'. */
const shownDay = (date: Date) =>
  `${String(date.getDate()).padStart(2, '0')} ${date.toLocaleString('en-US', { month: 'short' })} ${date.getFullYear()}`;

const listSales = async (page: Page) =>
  (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;

test.describe('Posting date picker with the keyboard (issue 26)', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('item 4: after confirming a date chosen with the keyboard, the focus is back on the date control', async ({
    page,
  }) => {
    const [row] = (await listSales(page)).slice(-3) as [SalesInvoiceRow];
    await openRow(page, row);
    const control = postingDateInput(page, row.tripNumber);
    await control.focus();
    await page.keyboard.press('Enter');
    const dropdown = pickerDropdown(page);
    await expect(dropdown).toBeVisible();
    // The calendar has the focus on today's day: the day before, chosen with Enter, moves to the hours.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(dropdown.getByRole('spinbutton', { name: 'Hours' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dropdown.getByRole('button', { name: 'Confirm posting date' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dropdown).toBeHidden();

    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    await expect(control).toHaveText(new RegExp(`^${shownDay(yesterday)} \\d{2}:\\d{2}$`));
    await expect(control).toBeFocused();
    // The next Tab stays in the row (its clear button), not the top of the page.
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: `Clear posting date of trip ${row.tripNumber}` }),
    ).toBeFocused();
  });

  test('item 5: typed hours and minutes come out as typed, on the document day too', async ({ page }) => {
    const today = new Date();
    // A row whose document time is before 10:00 on an earlier day: 10:00 and 23:45 on that day are in range.
    const row = (await listSales(page)).find((r) => {
      const document = parseServerDateTime(r.documentDate);
      return document.getHours() < 10 && document.toDateString() !== today.toDateString();
    });
    expect(row, 'a row documented before 10:00 on an earlier day').toBeDefined();
    const documentDay = parseServerDateTime(row!.documentDate);
    await openRow(page, row!);
    const dropdown = await openCalendarAt(page, row!.tripNumber, documentDay);
    await dropdown.getByRole('button', { name: dayLabel(documentDay), exact: true }).click();
    const hours = dropdown.getByRole('spinbutton', { name: 'Hours' });
    const minutes = dropdown.getByRole('spinbutton', { name: 'Minutes' });

    // Choosing the day puts the focus on the hours, their value selected, as a click on them does.
    await expect(hours).toBeFocused();
    await page.keyboard.type('1');
    // One digit waits for the second one.
    await expect(hours).toHaveValue('01');
    await expect(hours).toBeFocused();
    await page.keyboard.type('0');
    await expect(hours).toHaveValue('10');
    await expect(minutes).toBeFocused();
    await page.keyboard.type('00');
    await expect(hours).toHaveValue('10');
    await expect(minutes).toHaveValue('00');

    // Back to the hours (their value selected again), then hours and minutes in one go.
    await page.keyboard.press('ArrowLeft');
    await expect(hours).toBeFocused();
    await page.keyboard.type('2345');
    await expect(hours).toHaveValue('23');
    await expect(minutes).toHaveValue('45');
    await dropdown.getByRole('button', { name: 'Confirm posting date' }).click();
    await expect(dropdown).toBeHidden();
    await expect(postingDateInput(page, row!.tripNumber)).toHaveText(`${shownDay(documentDay)} 23:45`);
  });
});
