import { expect, test, type Page } from '@playwright/test';
import type { SalesInvoiceRow } from '@ff/contract';
import { apiCall, createUserWithRole, signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import {
  addDays,
  clearPostingDate,
  dayLabel,
  isoDay,
  openCalendarAt,
  parseServerDateTime,
  pickPostingDay,
  postButton,
  postingDateInput,
  rowOf,
  selectBox,
} from '../support/posting';
import { expectToast } from '../support/ui';
import { rewriteJson } from '../support/rewrite';

const SCREEN = '/invoices/sales';
const listSales = (page: Page) =>
  apiCall<{ data: SalesInvoiceRow[] }>(page, 'GET', '/journalSaleInvoice').then((r) => r.data);
const table = (page: Page) => page.getByRole('table', { name: 'Sales invoices' });

async function openScreen(page: Page) {
  await page.goto(SCREEN);
  // The first visit loads the screen's code and 250 rows: generous on a busy machine.
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 30_000 });
}

test.describe('Sales Invoices', () => {
  // Posting waits for SAP and a reload of 250 rows; the shared machine is slow.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => signIn(page));

  test('shows the screen: breadcrumb, filters, columns, page size 100, export', async ({ page }) => {
    const rows = await listSales(page);
    await openScreen(page);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb).toHaveText(/Finance.*Invoices.*Sales Invoices/);
    for (const header of [
      'Client Name',
      'Cargo Ref',
      'Client Ref',
      'Trip Number',
      'Container Number',
      'Container Size',
      'Container Weight',
      'Truck Number',
      'Route',
      'Start Trip Date',
      'Posting Date',
      'Amount',
    ]) {
      await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(
      page.getByText(`Showing ${Math.min(rows.length, 100)} of ${rows.length} records`),
    ).toBeVisible();
    // Issue 12: the spec's hidden Excel Export button is a real one now (posting-export-url.spec.ts).
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
    // The Filters panel opens and filters by the chosen days.
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('button', { name: 'From Date' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'To Date' })).toBeVisible();
    await page.getByRole('button', { name: 'From Date' }).click();
    await page.getByRole('button', { name: dayLabel(new Date()), exact: true }).click();
    const filtered = page.waitForRequest(
      (r) => r.url().includes('/api/v1/journalSaleInvoice?') && r.method() === 'GET',
    );
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    expect(new URL((await filtered).url()).searchParams.get('fromDate')).toBe(isoDay(new Date()));
  });

  test("shows amounts with 2 decimals, 'N/A' when empty, and why a row failed", async ({ page }) => {
    const rows = await listSales(page);
    const [empty, failed] = rows as [SalesInvoiceRow, SalesInvoiceRow];
    // The demo data bills transit trips in USD: one row of each currency.
    const plain = rows.slice(2).find((row) => !row.currency)!;
    const usd = rows.slice(2).find((row) => row.currency === 'USD')!;
    // The demo data has no empty amounts or failed rows: the list answer is edited on its way to the page.
    await rewriteJson<{ data: SalesInvoiceRow[] }>(page, '**/api/v1/journalSaleInvoice*', (body) => ({
      ...body,
      data: body.data.map((row) =>
        row.id === empty.id
          ? { ...row, amount: null }
          : row.id === failed.id
            ? { ...row, status: 'failed', lastError: 'SAP: Business partner is inactive [OCRD.CardCode]' }
            : row,
      ),
    }));
    await openScreen(page);
    // The amount is the last column.
    await expect(rowOf(table(page), empty.tripNumber).getByRole('cell').last()).toHaveText('N/A', {
      timeout: 20_000,
    });
    const twoDecimals = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    await expect(rowOf(table(page), plain.tripNumber).getByRole('cell').last()).toHaveText(
      twoDecimals.format(Number(plain.amount)),
    );
    await expect(rowOf(table(page), usd.tripNumber).getByRole('cell').last()).toHaveText(
      `USD ${twoDecimals.format(Number(usd.amount))}`,
    );
    const badge = rowOf(table(page), failed.tripNumber).getByText('Failed', { exact: true });
    await badge.hover();
    await expect(page.getByRole('tooltip')).toHaveText('SAP: Business partner is inactive [OCRD.CardCode]');
  });

  test('selection needs a posting date; clearing it deselects the row; the button waits for a selection', async ({
    page,
  }) => {
    const [first] = (await listSales(page)) as [SalesInvoiceRow];
    await openScreen(page);
    await expect(postButton(page)).toBeDisabled();
    // The posting date defaults to now.
    await expect(postingDateInput(page, first.tripNumber)).toContainText(/\d{2} \w{3} \d{4} \d{2}:\d{2}/);
    await selectBox(page, first.id).check();
    await expect(page.getByText(/^1 of \d+ records selected$/)).toBeVisible();
    await expect(postButton(page)).toBeEnabled();

    await clearPostingDate(page, first.tripNumber).click();
    await expect(selectBox(page, first.id)).not.toBeChecked();
    await expect(selectBox(page, first.id)).toBeDisabled();
    await expect(postButton(page)).toBeDisabled();

    await pickPostingDay(page, first.tripNumber, new Date());
    await expect(selectBox(page, first.id)).toBeEnabled();
    await expect(selectBox(page, first.id)).not.toBeChecked();
  });

  test('the posting date lies between the start trip date and now', async ({ page }) => {
    const [first] = (await listSales(page)) as [SalesInvoiceRow];
    const documentDate = parseServerDateTime(first.documentDate);
    await openScreen(page);
    const tomorrow = addDays(new Date(), 1);
    let calendar = await openCalendarAt(page, first.tripNumber, tomorrow);
    const tomorrowButton = calendar.getByRole('button', { name: dayLabel(tomorrow), exact: true });
    if (tomorrow.getMonth() === new Date().getMonth() || (await tomorrowButton.count()) > 0) {
      await expect(tomorrowButton).toBeDisabled();
    } else {
      // The last day of a month whose last week ends today: no later month to page to.
      await expect(calendar.getByRole('button', { name: 'Next month' })).toBeDisabled();
    }
    await expect(calendar.getByRole('button', { name: dayLabel(new Date()), exact: true })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();

    calendar = await openCalendarAt(page, first.tripNumber, documentDate);
    await expect(calendar.getByRole('button', { name: dayLabel(documentDate), exact: true })).toBeEnabled();
    const dayBefore = addDays(documentDate, -1);
    if (dayBefore.getMonth() === documentDate.getMonth()) {
      await expect(calendar.getByRole('button', { name: dayLabel(dayBefore), exact: true })).toBeDisabled();
    }
    await page.keyboard.press('Escape');
  });

  test('posts the selected rows with their posting dates; they leave the list', async ({ page }) => {
    const rows = await listSales(page);
    const [first, second] = rows as [SalesInvoiceRow, SalesInvoiceRow];
    await openScreen(page);
    const documentDay = parseServerDateTime(first.documentDate);
    await pickPostingDay(page, first.tripNumber, documentDay);
    await selectBox(page, first.id).check();
    await selectBox(page, second.id).check();
    await expect(page.getByText(`2 of ${rows.length} records selected`)).toBeVisible();

    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/journalSaleInvoice') && r.method() === 'POST',
    );
    await postButton(page).click();
    const body = (await posted).postDataJSON() as { postSap: { saleInvoice: number; postingDate: string }[] };
    expect(body.postSap.map((e) => e.saleInvoice).sort()).toEqual([first.id, second.id].sort());
    const firstEntry = body.postSap.find((e) => e.saleInvoice === first.id)!;
    expect(firstEntry.postingDate.slice(0, 10)).toBe(isoDay(documentDay));
    for (const entry of body.postSap)
      expect(entry.postingDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

    // Title, text and colour as soon as it shows: the toast closes after 4 s.
    await expectToast(page, {
      title: 'Success',
      message: 'Sales invoices posted successfully',
      color: 'blue',
    });
    await expect(page.getByText(`Showing 100 of ${rows.length - 2} records`)).toBeVisible();
    await expect(page.getByText(first.tripNumber, { exact: true })).toHaveCount(0);
    await expect(page.getByText(second.tripNumber, { exact: true })).toHaveCount(0);
    await expect(postButton(page)).toBeDisabled();
    const after = await listSales(page);
    expect(after.some((r) => r.id === first.id || r.id === second.id)).toBe(false);
  });

  test("a failed post shows the server's message, else the fallback, and clears the selection", async ({
    page,
  }) => {
    const [first] = (await listSales(page)) as [SalesInvoiceRow];
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: `${first.tripNumber} (sales invoice): SAP refused the document: customer is inactive.`,
        posted: [],
        failed: [],
      },
    };
    await page.route('**/api/v1/journalSaleInvoice', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: answer.status, json: answer.body })
        : route.continue(),
    );
    await openScreen(page);
    await selectBox(page, first.id).check();
    await postButton(page).click();
    await expectToast(page, { title: 'Error', message: /SAP refused the document/, color: 'red' });
    await expect(selectBox(page, first.id)).not.toBeChecked();

    answer = { status: 500, body: {} };
    await selectBox(page, first.id).check();
    await postButton(page).click();
    await expectToast(page, {
      title: 'Error',
      message: 'Failed to post selected sales invoices',
      color: 'red',
    });
  });

  test("a role without the view permission sees 'Access Denied'", async ({ page, browser }) => {
    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `No Sales ${stamp}`,
      permissions: ['View Audit Logs'],
      email: `no-sales-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, limited);
    await other.goto(SCREEN);
    await expect(other.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await expect(other.getByText('Please reach out to support for more on this issue.')).toBeVisible();
    await expect(other.getByRole('table', { name: 'Sales invoices' })).toHaveCount(0);
    await context.close();
  });
});
