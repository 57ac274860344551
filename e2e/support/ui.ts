import { expect, type Locator, type Page } from '@playwright/test';

/** Helpers for the foundation screens' specs: toasts, alerts, tables, the date filter. */

export type ToastPosition =
  'top-left' | 'top-right' | 'top-center' | 'bottom-left' | 'bottom-right' | 'bottom-center';
export type ToastColor = 'red' | 'blue' | 'yellow' | 'green' | 'teal';

/** A Mantine toast (notification), optionally in one corner, with a title and/or message text. */
export function toast(
  page: Page,
  { title, message, position }: { title?: string; message?: string | RegExp; position?: ToastPosition },
): Locator {
  const container = position
    ? page.locator(`.mantine-Notifications-root[data-position="${position}"]`)
    : page.locator('.mantine-Notifications-root');
  let found = container.locator('.mantine-Notification-root');
  if (title !== undefined) {
    found = found.filter({
      has: page.locator('.mantine-Notification-title').getByText(title, { exact: true }),
    });
  }
  if (message !== undefined) {
    found = found.filter({
      has: page
        .locator('.mantine-Notification-description')
        .getByText(message, { exact: typeof message === 'string' }),
    });
  }
  return found;
}

/** The colour a toast was shown with: Mantine sets `--notification-color: var(--mantine-color-<c>-filled)`. */
export async function toastColor(toastLocator: Locator): Promise<string> {
  const value = await toastLocator
    .first()
    .evaluate((el) => (el as HTMLElement).style.getPropertyValue('--notification-color'));
  return /--mantine-color-([a-z]+)-/.exec(value)?.[1] ?? value;
}

/** Waits for a toast and checks its colour (and position when given). */
export async function expectToast(
  page: Page,
  options: { title?: string; message?: string | RegExp; position?: ToastPosition; color?: ToastColor },
): Promise<Locator> {
  let found = toast(page, options);
  // The colour is part of the match, so one retrying assertion sees the toast and its colour together: a
  // separate look afterwards could find the toast already closed (it closes on its own after a few seconds).
  if (options.color) found = found.and(page.locator(`[style*="var(--mantine-color-${options.color}-"]`));
  // A toast answers a request: on a busy 2-core CI machine a post's answer (SAP, then the list's reload) came after
  // 10 s, and the toast then showed with the assertion already failed (a clean-clone run's screenshot had it on
  // screen). Waiting longer costs nothing when it shows; it is caught whenever it shows, before it closes.
  await expect(
    found.first(),
    `toast ${JSON.stringify({ ...options, message: String(options.message) })}`,
  ).toBeVisible({ timeout: 45_000 });
  return found.first();
}

/** The error message under a form field, found by the field's label (the required asterisk is ignored). */
export function fieldError(page: Page, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .locator('.mantine-InputWrapper-root')
    .filter({ has: page.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`)) })
    .locator('.mantine-InputWrapper-error');
}

/** A data table by its accessible name (the DataTable's aria-label). */
export const dataTable = (page: Page, name: string) => page.getByRole('table', { name, exact: true });

/** The DataTable frame (toolbar + table + footer) around a named table. */
export const dataTableFrame = (page: Page, name: string) =>
  page
    .locator('.mantine-Paper-root')
    .filter({ has: dataTable(page, name) })
    .last();

/** Body rows of a table (header row excluded). */
export const bodyRows = (table: Locator) => table.locator('tbody tr');

/**
 * The body rows that hold records: not the "No records found!" row a table shows while its first answer
 * is still loading (waiting for `bodyRows(table).first()` alone can pass before the records arrive).
 */
export const recordRows = (table: Locator) => bodyRows(table).filter({ hasNotText: 'No records found!' });

/** The 'Showing X of Y records' counter, parsed. */
export async function showingCounts(frame: Locator): Promise<{ shown: number; total: number }> {
  const text = await frame.getByText(/^Showing [\d,]+ of [\d,]+ records$/).innerText();
  const [, shown = '0', total = '0'] = /^Showing ([\d,]+) of ([\d,]+) records$/.exec(text) ?? [];
  return { shown: Number(shown.replace(/,/g, '')), total: Number(total.replace(/,/g, '')) };
}

/** Computed CSS of the first element of a locator. */
export const css = (locator: Locator, property: string) =>
  locator.first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/** 'rgb(250, 176, 5)' -> [250, 176, 5]. */
export function rgb(value: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = (value.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
}

/** Hue in degrees of an rgb() colour (yellow ~ 40-60, red ~ 0 / 360, blue ~ 200-240). */
export function hue(value: string): number {
  const [r, g, b] = rgb(value).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

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

/** Opens the collapsible Filters panel if it is closed. */
export async function openFilters(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Filters' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
}

/** Picks a day in the From Date / To Date picker of the date filter. */
export async function pickFilterDate(page: Page, label: 'From Date' | 'To Date', date: Date): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  await expect(dropdown).toBeVisible();
  const heading = `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  for (let i = 0; i < 24 && !(await dropdown.getByText(heading, { exact: true }).isVisible()); i += 1) {
    const now = new Date();
    const back = date < now;
    await dropdown.getByRole('button', { name: back ? 'Previous month' : 'Next month' }).click();
  }
  const dayName = `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
  await dropdown.getByRole('button', { name: dayName, exact: true }).click();
  await expect(dropdown).toBeHidden();
}

export const dayShift = (days: number, from = new Date()) =>
  new Date(from.getFullYear(), from.getMonth(), from.getDate() + days, 12);

/** 'yyyy-MM-dd' in local time. */
export const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
