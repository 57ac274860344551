import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth';
import { collectConsoleErrors } from '../support/console';
import { exportFrom, readCsv } from '../support/export';
import { dayLabel, isoDay, openCalendarAt, postButton, rowOf } from '../support/posting';
import {
  documentDateDaysAgo,
  expectShowing,
  importRows,
  startListsServer,
  type ListsServer,
} from '../support/server-lists';
import { expectToastShown, recordToasts } from '../support/toast-log';
import { dataTable, dataTableFrame } from '../support/ui';

/**
 * Records in a foreign currency (issue 25) beside the spec's: a server of its own holds one sales invoice in
 * the local currency and one in USD, imported through the import API. The list shows the USD amount with its
 * code and the local one exactly as before, the selection totals each currency apart, the export adds a
 * Currency column only while a USD row is in it, and the posted USD invoice shows its currency in the
 * Posting History and its drawer. The tests run in order: the second posts the USD invoice. The third brings an
 * invoice in GBP, a currency the simulated SAP has no rates for: its posting-date picker disables the days,
 * naming the missing rate, and its post is refused in the same words.
 */
const LOCAL_TRIP = 'FX-LOCAL-001';
const USD_TRIP = 'FX-USD-001';
const GBP_TRIP = 'FX-GBP-001';
const noRate = (currency: string, day: string) =>
  `No ${currency} rate for ${day} in SAP: enter it in SAP's exchange rates first.`;
const SALES_HEADERS = [
  'Status',
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
];

const invoice = (trip: string, amount: string, currency?: string) => ({
  sourceId: `E2E-FX-${trip}`,
  documentDate: documentDateDaysAgo(3),
  clientName: 'Bidco Africa Ltd',
  customerCode: 'C10001',
  tripNumber: trip,
  containerNumber: 'CSQU3054383',
  containerSize: '40ft',
  route: 'Mombasa - Nairobi',
  amount,
  ...(currency ? { currency } : {}),
});

test.describe('foreign-currency records', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let server: ListsServer;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: ReturnType<typeof collectConsoleErrors>;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    server = await startListsServer();
    await importRows(server, 'sales-invoices', [
      invoice(LOCAL_TRIP, '120000.00'),
      invoice(USD_TRIP, '2500.01', 'USD'),
    ]);
    context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(recordToasts);
    page = await context.newPage();
    consoleErrors = collectConsoleErrors(page);
    await signInAsAdmin(page);
  });

  test.afterAll(async () => {
    await context?.close();
    await server?.stop();
  });

  const sales = () => ({
    table: dataTable(page, 'Sales invoices'),
    frame: dataTableFrame(page, 'Sales invoices'),
  });

  async function openSales(rows: number) {
    await page.goto('/invoices/sales');
    await expectShowing(sales().frame, rows, rows);
  }

  const exportedCsv = async () => (await readCsv((await exportFrom(page, sales().frame, 'CSV')).path)).rows;

  test('the list shows the USD amount with its code, totals each currency apart and exports its currency', async () => {
    await openSales(2);
    const { table, frame } = sales();
    const usd = rowOf(table, USD_TRIP);
    const local = rowOf(table, LOCAL_TRIP);
    await expect(usd.getByText('USD 2,500.01', { exact: true })).toBeVisible();
    // The local invoice shows what it always has, and the list has no new column.
    await expect(local.getByText('120,000.00', { exact: true })).toBeVisible();
    await expect(local.getByText(/USD|KES/)).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Currency' })).toHaveCount(0);

    // The selection never adds KES to USD. From the keyboard: Space on the row's box.
    const summary = page.getByTestId('selection-summary');
    await page
      .getByRole('checkbox', { name: /^Select trip / })
      .first()
      .focus();
    await page.keyboard.press('Space');
    await page
      .getByRole('checkbox', { name: /^Select trip / })
      .last()
      .check();
    await expect(summary).toHaveText('2 selected · Total 120,000.00 · USD 2,500.01');

    // The export: a Currency column right after the amount, USD on its row and blank on the local one.
    const rows = await exportedCsv();
    expect(rows[0]).toEqual([...SALES_HEADERS, 'Currency']);
    const trips = rows.map((row) => row[SALES_HEADERS.indexOf('Trip Number')]);
    const currencyOf = (trip: string) => rows[trips.indexOf(trip)]!.at(-1);
    const amountOf = (trip: string) => rows[trips.indexOf(trip)]!.at(-2);
    expect(currencyOf(USD_TRIP)).toBe('USD');
    expect(amountOf(USD_TRIP)).toBe('2500.01');
    expect(currencyOf(LOCAL_TRIP)).toBe('');
    expect(amountOf(LOCAL_TRIP)).toBe('120000.00');
    await expect(frame).toBeVisible();
    expect(consoleErrors.errors).toEqual([]);
  });

  test('the USD invoice posts and shows its currency in the Posting History and its drawer', async () => {
    await openSales(2);
    const { table } = sales();
    // The selection is remembered from the last test (issue 12): keep only the USD invoice.
    await rowOf(table, LOCAL_TRIP).getByRole('checkbox').uncheck();
    await rowOf(table, USD_TRIP).getByRole('checkbox').check();
    await expect(page.getByTestId('selection-summary')).toHaveText('1 selected · Total USD 2,500.01');
    await postButton(page).click();
    await expectToastShown(page, 'Sales invoices posted successfully');
    await expect(rowOf(table, USD_TRIP)).toHaveCount(0, { timeout: 30_000 });

    // Only the local invoice is left: the list and its export are exactly the spec's again.
    await expectShowing(sales().frame, 1, 1);
    const rows = await exportedCsv();
    expect(rows[0]).toEqual(SALES_HEADERS);
    expect(rows[1]!.at(-1)).toBe('120000.00');

    await page.getByRole('link', { name: 'Posting History' }).click();
    await expect(page.getByRole('heading', { name: 'Posting History' })).toBeVisible();
    const posted = rowOf(page.getByRole('table', { name: 'Postings' }), USD_TRIP);
    await expect(posted.getByText('USD 2,500.01', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(posted.getByText('Posted', { exact: true })).toBeVisible();
    await posted.getByRole('button', { name: USD_TRIP }).click();
    const drawer = page.getByRole('dialog', { name: 'Posting' });
    await expect(drawer.getByText('USD 2,500.01', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // At phone width the amount still reads with its currency.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(posted.getByText('USD 2,500.01', { exact: true })).toBeVisible();
    expect(consoleErrors.errors).toEqual([]);
  });

  test('a day SAP has no rate for is disabled in the picker, naming the rate, and the post is refused so', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await importRows(server, 'sales-invoices', [invoice(GBP_TRIP, '800.00', 'GBP')]);
    await openSales(2);
    const { table } = sales();
    const today = new Date();
    // The GBP invoice: the picker asks SAP's rates once opened; SAP has none for GBP on any day.
    const calendar = await openCalendarAt(page, GBP_TRIP, today);
    const day = calendar.getByRole('button', { name: dayLabel(today), exact: true });
    await expect(day).toHaveAttribute('title', noRate('GBP', isoDay(today)));
    await expect(day).toBeDisabled();
    // Closed by a click outside it (no day of it can take the focus for Escape).
    await page.getByRole('heading', { name: 'Sales Invoices' }).click();
    await expect(calendar).toBeHidden();

    // The local invoice needs no rate: today is open in its picker.
    const local = await openCalendarAt(page, LOCAL_TRIP, today);
    const localDay = local.getByRole('button', { name: dayLabel(today), exact: true });
    await expect(localDay).toBeEnabled();
    await expect(localDay).not.toHaveAttribute('title', /rate/);
    await page.getByRole('heading', { name: 'Sales Invoices' }).click();
    await expect(local).toBeHidden();

    // Posted anyway (its default posting date is now), the server refuses it before SAP, in the same words.
    await rowOf(table, LOCAL_TRIP).getByRole('checkbox').uncheck();
    await rowOf(table, GBP_TRIP).getByRole('checkbox').check();
    await postButton(page).click();
    await expectToastShown(
      page,
      `${GBP_TRIP} (sales invoice)`,
      'No GBP rate for ',
      " in SAP: enter it in SAP's exchange rates first.",
    );
    await expect(rowOf(table, GBP_TRIP)).toBeVisible();
    // The refused post's 422 is the one failed request: the rates themselves were answered.
    expect(consoleErrors.errors).toEqual([
      expect.stringMatching(/status of 422 .*\/api\/v1\/journalSaleInvoice\)$/),
    ]);
  });
});
