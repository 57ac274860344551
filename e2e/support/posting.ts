import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './auth';
import { recordToasts } from './toast-log';

/** Helpers shared by the posting screens' specs (sales, transporter invoices, cash, fuel, VAS). */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A server date-time 'yyyy-MM-dd HH:mm:ss' as a local Date (the browser runs on this machine's clock and zone). */
export function parseServerDateTime(value: string): Date {
  const [day = '', time = '00:00:00'] = value.split(' ');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss] = time.split(':').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, hh, mm, ss);
}

export const addDays = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());

/** How the calendar names a day button: '5 November 2026'. */
export const dayLabel = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/** 'yyyy-MM-dd' in local time. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The table row showing a trip (trip numbers are unique per list). */
export const rowOf = (table: Locator, tripNumber: string) =>
  table.getByRole('row').filter({ has: table.page().getByText(tripNumber, { exact: true }) });

/** A row's checkbox by the record id (its name is 'Select trip TRP-...'; the input carries data-row-id). */
export const selectBox = (page: Page, id: number) =>
  page.locator(`input[type="checkbox"][data-row-id="${id}"]`);
export const postButton = (page: Page) => page.getByRole('button', { name: 'Post to SAP' });
export const postingDateInput = (page: Page, tripNumber: string) =>
  page.getByRole('button', { name: `Posting date of trip ${tripNumber}`, exact: true });
export const clearPostingDate = (page: Page, tripNumber: string) =>
  page.getByRole('button', { name: `Clear posting date of trip ${tripNumber}`, exact: true });

/** Opens a row's posting date picker and pages the calendar back to the month of `date` (not past this month). */
export async function openCalendarAt(page: Page, tripNumber: string, date: Date): Promise<Locator> {
  await postingDateInput(page, tripNumber).click();
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  await expect(dropdown).toBeVisible();
  const today = new Date();
  if (date.getFullYear() * 12 + date.getMonth() > today.getFullYear() * 12 + today.getMonth()) {
    // A day of next month (tomorrow, on a month's last day): the picker cannot page past now, and shows it
    // among this month's trailing days, if the last week reaches it.
    return dropdown;
  }
  const heading = `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  for (let i = 0; i < 24 && !(await dropdown.getByText(heading, { exact: true }).isVisible()); i += 1) {
    await dropdown.getByRole('button', { name: 'Previous month' }).click();
  }
  await expect(dropdown.getByText(heading, { exact: true })).toBeVisible();
  return dropdown;
}

/** Picks a day in a row's posting date picker and confirms it. */
export async function pickPostingDay(page: Page, tripNumber: string, date: Date): Promise<void> {
  const dropdown = await openCalendarAt(page, tripNumber, date);
  await dropdown.getByRole('button', { name: dayLabel(date), exact: true }).click();
  await dropdown.getByRole('button', { name: 'Confirm posting date' }).click();
  await expect(dropdown).toBeHidden();
}

/**
 * The setup of a describe block for a screen of row inputs (cash, fuel, VAS): more time per test, toasts
 * recorded from page load on (`expectToastShown`), the administrator signed in before each test.
 */
export function setUpRowInputScreen(): void {
  // Pages of 100 rows of inputs; a busy CI machine needs more than the default minute per test.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordToasts);
    await signIn(page);
  });
}
