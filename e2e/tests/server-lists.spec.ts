import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth';
import {
  amountOf,
  expectShowing,
  importRows,
  pageButton,
  pager,
  salesInvoices,
  startListsServer,
  transporterInvoices,
  tripCells,
  tripOf,
  type ListsServer,
} from '../support/server-lists';
import { expectToastShown, recordToasts } from '../support/toast-log';
import { dataTable, dataTableFrame } from '../support/ui';

/**
 * The posting screens on server-side lists (issue 13): paging, sorting, search, selection across pages and
 * 'select all matching' against the real server and database. A server of its own holds exactly the 250
 * sales invoices (trips SL-001..SL-250, amounts a permutation of 100.00..25,000.00) and 120 transporter
 * invoices imported here through the import API, so every count is exact. The tests run in order: the last
 * one posts every sales invoice.
 */
const SALES = 250;
const TRANSPORTER = 120;

test.describe('server-side lists', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let server: ListsServer;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    server = await startListsServer();
    await importRows(server, 'sales-invoices', salesInvoices(SALES));
    await importRows(server, 'transporter-invoices', transporterInvoices(TRANSPORTER));
    context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(recordToasts);
    page = await context.newPage();
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
  const search = () => sales().frame.getByRole('textbox', { name: 'Search records' });

  /** Each test starts from a screen's first page: the list state remembered by the last test is forgotten. */
  async function forgetListState() {
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('ff:list:'))
        .forEach((key) => localStorage.removeItem(key)),
    );
  }

  async function openSales() {
    await forgetListState();
    await page.goto('/invoices/sales');
    await expectShowing(sales().frame, 100, SALES);
  }

  test('pages of 100: the counter and pager count the server’s total, page 3 shows the remaining rows', async () => {
    await openSales();
    const { table, frame } = sales();
    await expect(pager(frame).getByRole('button', { name: /^\d+$/ })).toHaveText(['1', '2', '3']);
    await expect(pageButton(frame, 1)).toHaveAttribute('data-active', 'true');
    expect((await tripCells(table))[0]).toBe(tripOf(1));

    const request = page.waitForRequest((r) => r.url().includes('/api/v1/journalSaleInvoice?'));
    await pageButton(frame, 3).click();
    const params = new URL((await request).url()).searchParams;
    expect([params.get('page'), params.get('perPage')]).toEqual(['3', '100']);
    await expectShowing(frame, 50, SALES);
    await expect(pageButton(frame, 3)).toHaveAttribute('data-active', 'true');
    const trips = await tripCells(table);
    expect(trips).toHaveLength(50);
    expect(trips[0]).toBe(tripOf(201));
    expect(trips.at(-1)).toBe(tripOf(SALES));
  });

  test('sorting by Amount: descending puts the largest amount first, on the first page', async () => {
    await openSales();
    const { table, frame } = sales();
    await pageButton(frame, 2).click();
    await expectShowing(frame, 100, SALES);
    const header = table.getByRole('columnheader', { name: 'Amount' });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(pageButton(frame, 1)).toHaveAttribute('data-active', 'true');
    await expect(table.locator('tbody tr').first()).toContainText('100.00');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    // The largest amount, 25,000.00, belongs to the trip whose amountOf is SALES x 100.
    const largest = Array.from({ length: SALES }, (_, i) => i + 1).find(
      (n) => amountOf(n, SALES) === `${SALES}00.00`,
    )!;
    await expect(table.locator('tbody tr').first()).toContainText('25,000.00');
    await expect(table.locator('tbody tr').first()).toContainText(tripOf(largest));
    await expect(table.locator('tbody tr').nth(1)).toContainText('24,900.00');
  });

  test('search narrows the counter and the pager; a new search starts on the first page', async () => {
    await openSales();
    const { frame } = sales();
    await pageButton(frame, 3).click();
    await expectShowing(frame, 50, SALES);
    // SL-100 .. SL-199.
    await search().fill('sl-1');
    await expectShowing(frame, 100, 100);
    await expect(pager(frame).getByRole('button', { name: /^\d+$/ })).toHaveText(['1']);
    // SL-240 .. SL-249.
    await search().fill('SL-24');
    await expectShowing(frame, 10, 10);
    // Amounts are searched as plain digits: 25,000.00 is '25000.00'.
    await search().fill('25000');
    await expectShowing(frame, 1, 1);
    await frame.getByRole('button', { name: 'Clear search' }).click();
    await expectShowing(frame, 100, SALES);
    await expect(pageButton(frame, 1)).toHaveAttribute('data-active', 'true');
  });

  test('selection is kept per row across pages; Clear selection clears it on every page', async () => {
    await openSales();
    const { table, frame } = sales();
    const box = (trip: string) =>
      table
        .locator('tbody tr')
        .filter({ hasText: trip })
        .getByRole('checkbox', { name: /^Select trip / });
    await box(tripOf(3)).check();
    await pageButton(frame, 2).click();
    await expectShowing(frame, 100, SALES);
    await box(tripOf(150)).check();
    await expect(frame.getByText(`2 of ${SALES} records selected`, { exact: true })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Clear selection' })).toBeVisible();
    await pageButton(frame, 1).click();
    await expect(box(tripOf(3))).toBeChecked();
    await expect(frame.getByText(`2 of ${SALES} records selected`, { exact: true })).toBeVisible();
    await frame.getByRole('button', { name: 'Clear selection' }).click();
    await expect(frame.getByText(/records selected$/)).toHaveCount(0);
    await expect(box(tripOf(3))).not.toBeChecked();
  });

  test('the transporter tabs keep their own page while the other tab is shown', async () => {
    await page.goto('/invoices/transporter');
    const first = dataTableFrame(page, 'First journal transporter invoices');
    await expectShowing(first, 100, TRANSPORTER);
    await pageButton(first, 2).click();
    await expectShowing(first, 20, TRANSPORTER);
    await page.getByRole('tab', { name: 'Post Second JE' }).click();
    const second = dataTableFrame(page, 'Second journal transporter invoices');
    await expectShowing(second, 0, 0);
    await expect(second.getByText('No records found!', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Post First JE' }).click();
    await expectShowing(first, 20, TRANSPORTER);
    await expect(pageButton(first, 2)).toHaveAttribute('data-active', 'true');
  });

  test('select all matching loads every row (Cancel stops it), then Post posts them all with one toast', async () => {
    await openSales();
    const { table, frame } = sales();
    await table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await expect(frame.getByText(`100 of ${SALES} records selected`, { exact: true })).toBeVisible();
    const selectAll = frame.getByRole('button', { name: `Select all ${SALES} matching records` });

    // Held back, the load can be cancelled: nothing beyond the page is selected.
    await page.route('**/api/v1/journalSaleInvoice?*perPage=500*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    await selectAll.click();
    await expect(frame.getByText(/^Loading 0 of 250 matching records/)).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Post to SAP' })).toBeDisabled();
    await frame.getByRole('button', { name: 'Cancel' }).click();
    await expect(frame.getByText(`100 of ${SALES} records selected`, { exact: true })).toBeVisible();
    await page.unroute('**/api/v1/journalSaleInvoice?*perPage=500*');

    const loads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('perPage=500')) loads.push(new URL(r.url()).searchParams.get('page') ?? '');
    });
    await selectAll.click();
    await expect(frame.getByText(`${SALES} of ${SALES} records selected`, { exact: true })).toBeVisible();
    expect(loads).toEqual(['1']);
    await expect(selectAll).toHaveCount(0);

    const posts: number[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/journalSaleInvoice')) {
        posts.push((r.postDataJSON() as { postSap: unknown[] }).postSap.length);
      }
    });
    await frame.getByRole('button', { name: 'Post to SAP' }).click();
    // 250 rows are above the 50 of Settings' default rule: the clerk confirms first (issue 26).
    const confirm = page.getByRole('dialog', { name: 'Post to SAP' });
    await expect(
      confirm.getByText(/^Post 250 sales invoices totalling [\d,]+\.\d{2} to SAP\?$/),
    ).toBeVisible();
    expect(posts).toEqual([]);
    await confirm.getByRole('button', { name: 'Post', exact: true }).click();
    await expectToastShown(page, 'Success', 'Sales invoices posted successfully');
    await expect(frame.getByText('No records found!', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expectShowing(frame, 0, 0);
    await expect(frame.getByText(/records selected$/)).toHaveCount(0);
    expect(posts).toEqual([SALES]);
  });
});
