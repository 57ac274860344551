import { expect, test, type Page } from '@playwright/test';
import type { PostingPeriodsAnswer, SalesInvoiceRow } from '@ff/contract';
import { apiCall, signIn } from '../support/auth';
import { simulator } from '../support/simulator';
import { dayLabel, postButton, rowOf, selectBox } from '../support/posting';

/**
 * Issue 26, item 7: the posting date picker follows SAP's periods. A period locked in SAP after the picker read
 * them stops being offered once SAP refuses a post for it, and when the user comes back to the screen; the
 * refusal's toast puts each refused row on a line of its own.
 */
const SCREEN = '/invoices/sales';
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });
const month = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
const refreshPeriods = (page: Page) =>
  apiCall<PostingPeriodsAnswer>(page, 'GET', '/posting-periods?refresh=1');
const listSales = async (page: Page) =>
  (await apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice')).data;

/** Today's day button in a row's open picker (the row's date is now, so the calendar shows this month). */
async function todayInPicker(page: Page, trip: string) {
  await page.getByRole('button', { name: `Posting date of trip ${trip}`, exact: true }).click();
  const dropdown = page
    .locator('.mantine-Popover-dropdown')
    .filter({ has: page.getByRole('button', { name: 'Previous month' }) });
  await expect(dropdown).toBeVisible();
  return dropdown.getByRole('button', { name: dayLabel(new Date()), exact: true });
}

async function openScreen(page: Page, search: string) {
  await page.goto(SCREEN);
  await expect(table(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Search records' }).fill(search);
  await expect(page.locator('.mantine-LoadingOverlay-root')).toHaveCount(0, { timeout: 30_000 });
}

test.describe('Posting periods follow SAP (issue 26, item 7)', () => {
  test.describe.configure({ timeout: 150_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test("SAP's refusal for a locked period shows each row on its own line and the picker stops offering its days", async ({
    page,
  }) => {
    // Two rows whose trip numbers differ in the last digit: one search shows both, dated now by default.
    const all = await listSales(page);
    const rows = all
      .slice(-40)
      .map((row) => [
        row,
        all.find((o) => o.id !== row.id && o.tripNumber.slice(0, -1) === row.tripNumber.slice(0, -1)),
      ])
      .find((pair): pair is [SalesInvoiceRow, SalesInvoiceRow] => pair[1] !== undefined)!;
    const sim = await simulator(page);
    const code = month(new Date());
    await refreshPeriods(page);
    try {
      await openScreen(page, rows[0].tripNumber.slice(0, -1));
      for (const row of rows) await expect(rowOf(table(page), row.tripNumber)).toBeVisible();
      // The picker has read the periods: today is offered.
      await expect(await todayInPicker(page, rows[0].tripNumber)).toBeEnabled();
      await page.keyboard.press('Escape');

      // SAP locks the month behind the app's back: our copy still says open, so SAP itself refuses both rows.
      await page.request.post(`${sim}/__sim/periods/lock`, { data: { from: code } });
      for (const row of rows) await selectBox(page, row.id).check();
      await postButton(page).click();
      const toast = page
        .locator('.mantine-Notification-root')
        .filter({ hasText: `${rows[1].tripNumber} (sales invoice): ` })
        .first();
      await expect(toast).toBeVisible({ timeout: 30_000 });
      const lines = toast.getByRole('listitem');
      await expect(lines).toHaveCount(2);
      for (const row of rows)
        await expect(lines.filter({ hasText: `${row.tripNumber} (sales invoice): ` })).toHaveCount(1);

      // The picker stops offering the locked month's days, saying why.
      const today = await todayInPicker(page, rows[0].tripNumber);
      await expect(today).toBeDisabled();
      await expect(today).toHaveAttribute('title', `Posting period ${code} is locked in SAP`);
    } finally {
      await page.request.post(`${sim}/__sim/periods/unlock`, { data: {} });
      await refreshPeriods(page);
    }
  });

  test('coming back to the screen reads the periods again', async ({ page }) => {
    const [row] = (await listSales(page)).slice(-8) as [SalesInvoiceRow];
    const sim = await simulator(page);
    const code = month(new Date());
    await refreshPeriods(page);
    try {
      await openScreen(page, row.tripNumber);
      await expect(rowOf(table(page), row.tripNumber)).toBeVisible();
      await expect(await todayInPicker(page, row.tripNumber)).toBeEnabled();
      await page.keyboard.press('Escape');

      // Locked in SAP, and the server has read SAP since (another user's post or picker); the screen has not.
      await page.request.post(`${sim}/__sim/periods/lock`, { data: { from: code } });
      expect((await refreshPeriods(page)).data.find((p) => p.code === code)?.status).toBe('locked');
      // The user switches to another tab and back (the browser's visibilitychange).
      await page.evaluate(() => {
        const set = (state: DocumentVisibilityState) => {
          Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
          document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
        };
        set('hidden');
        set('visible');
      });
      await expect(await todayInPicker(page, row.tripNumber)).toBeDisabled();
    } finally {
      await page.request.post(`${sim}/__sim/periods/unlock`, { data: {} });
      await refreshPeriods(page);
    }
  });
});
