import { expect, test, type Page } from '@playwright/test';
import type { FirstJournalRow, SecondJournalRow } from '@ff/contract';
import { apiCall, createUserWithRole, signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import {
  clearPostingDate,
  isoDay,
  parseServerDateTime,
  pickPostingDay,
  postButton,
  rowOf,
  selectBox,
} from '../support/posting';
import { expectToast } from '../support/ui';

const SCREEN = '/invoices/transporter';
const listFirst = (page: Page) =>
  apiCall<{ data: FirstJournalRow[] }>(page, 'GET', '/firstJournalTransporterInvoice').then((r) => r.data);
const listSecond = (page: Page) =>
  apiCall<{ data: SecondJournalRow[] }>(page, 'GET', '/secondJournalTransporterInvoice').then((r) => r.data);
const firstTable = (page: Page) => page.getByRole('table', { name: 'First journal transporter invoices' });
const secondTable = (page: Page) => page.getByRole('table', { name: 'Second journal transporter invoices' });
const supplierInput = (page: Page, trip: string) =>
  page.getByRole('textbox', { name: `Supplier invoice number of trip ${trip}`, exact: true });
const tab = (page: Page, name: 'Post First JE' | 'Post Second JE') => page.getByRole('tab', { name });

async function openScreen(page: Page) {
  await page.goto(SCREEN);
  // The first visit loads the screen's code and 250 rows: generous on a busy machine.
  await expect(firstTable(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 30_000 });
}

test.describe('Transporter Invoices', () => {
  // Posting waits for SAP and a reload of 250 rows; the shared machine is slow.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => signIn(page));

  test('shows two tabs, first-je by default, with the spec columns', async ({ page }) => {
    await openScreen(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /Finance.*Invoices.*Transporter Invoices/,
    );
    await expect(tab(page, 'Post First JE')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Post Second JE')).toHaveAttribute('aria-selected', 'false');
    for (const header of [
      'Transporter Name',
      'Cargo Reference',
      'Client Ref',
      'Trip Number',
      'Container Number',
      'Container Size',
      'Container Weight',
      'Truck Number',
      'Route Details',
      'Document Date',
      'Posting Date',
      'Supplier Invoice Number',
      'Invoice Amount',
    ]) {
      await expect(firstTable(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // Issue 12: the spec's hidden Excel Export button is a real one now.
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();

    // Switching tabs loads that tab's list.
    const loaded = page.waitForResponse(
      (r) => r.url().includes('/api/v1/secondJournalTransporterInvoice') && r.request().method() === 'GET',
    );
    await tab(page, 'Post Second JE').click();
    await loaded;
    await expect(
      secondTable(page).getByRole('columnheader', { name: 'First Journal Posted At' }),
    ).toBeVisible();
    const reloaded = page.waitForResponse(
      (r) => r.url().includes('/api/v1/firstJournalTransporterInvoice') && r.request().method() === 'GET',
    );
    await tab(page, 'Post First JE').click();
    await reloaded;
  });

  test('a first-journal row needs a supplier invoice number and a posting date; clearing either deselects it', async ({
    page,
  }) => {
    const [row] = (await listFirst(page)) as [FirstJournalRow];
    await openScreen(page);
    await expect(postButton(page)).toBeDisabled();
    await expect(selectBox(page, row.id)).toBeDisabled();

    await supplierInput(page, row.tripNumber).fill('SUP-E2E-1');
    await expect(selectBox(page, row.id)).toBeEnabled();
    await selectBox(page, row.id).check();
    await expect(postButton(page)).toBeEnabled();

    await supplierInput(page, row.tripNumber).fill('');
    await expect(selectBox(page, row.id)).not.toBeChecked();
    await expect(selectBox(page, row.id)).toBeDisabled();
    await expect(postButton(page)).toBeDisabled();

    await supplierInput(page, row.tripNumber).fill('SUP-E2E-1');
    await selectBox(page, row.id).check();
    await clearPostingDate(page, row.tripNumber).click();
    await expect(selectBox(page, row.id)).not.toBeChecked();
    await expect(selectBox(page, row.id)).toBeDisabled();
    await expect(postButton(page)).toBeDisabled();
  });

  test('posts the first journal with the supplier invoice number, then the second journal', async ({
    page,
  }) => {
    const firstRows = await listFirst(page);
    const [row, other] = firstRows as [FirstJournalRow, FirstJournalRow];
    const supplierNumber = `SUP-${Date.now()}`;
    await openScreen(page);

    await supplierInput(page, row.tripNumber).fill(supplierNumber);
    await supplierInput(page, other.tripNumber).fill(`${supplierNumber}-B`);
    const documentDay = parseServerDateTime(row.documentDate);
    await pickPostingDay(page, row.tripNumber, documentDay);
    await selectBox(page, row.id).check();
    await selectBox(page, other.id).check();
    await expect(page.getByText(`2 of ${firstRows.length} records selected`)).toBeVisible();

    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/firstJournalTransporterInvoice') && r.method() === 'POST',
    );
    await postButton(page).click();
    const body = (await posted).postDataJSON() as {
      postSap: { transporterInvoice: number; postingDate: string; supplierInvoiceNumber: string }[];
    };
    const entry = body.postSap.find((e) => e.transporterInvoice === row.id)!;
    expect(entry.supplierInvoiceNumber).toBe(supplierNumber);
    expect(entry.postingDate.slice(0, 10)).toBe(isoDay(documentDay));
    expect(body.postSap).toHaveLength(2);

    await expectToast(page, {
      title: 'Success',
      message: 'First journal transporter invoices posted successfully',
      color: 'blue',
    });
    await expect(page.getByText(`Showing 100 of ${firstRows.length - 2} records`)).toBeVisible();
    await expect(firstTable(page).getByText(row.tripNumber, { exact: true })).toHaveCount(0);

    // The row is now on the second-journal tab with the number read-only.
    await tab(page, 'Post Second JE').click();
    await expect(secondTable(page)).toBeVisible();
    await secondTable(page).page().getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
    const secondRow = rowOf(secondTable(page), row.tripNumber);
    await expect(secondRow.getByRole('cell', { name: supplierNumber, exact: true })).toBeVisible();
    await expect(secondRow.getByRole('textbox')).toHaveCount(0);
    const second = (await listSecond(page)).find((r) => r.id === row.id)!;
    expect(second.supplierInvoiceNumber).toBe(supplierNumber);
    expect(second.firstJournalPostedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await selectBox(page, row.id).check();
    const postedSecond = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/secondJournalTransporterInvoice') && r.method() === 'POST',
    );
    await postButton(page).click();
    const secondBody = (await postedSecond).postDataJSON() as {
      postSap: { transporterInvoice: number; postingDate: string }[];
    };
    expect(secondBody.postSap).toEqual([{ transporterInvoice: row.id, postingDate: expect.any(String) }]);
    await expectToast(page, {
      title: 'Success',
      message: 'Second journal transporter invoices posted successfully',
      color: 'blue',
    });
    await expect(secondTable(page).getByText(row.tripNumber, { exact: true })).toHaveCount(0);
    expect((await listSecond(page)).some((r) => r.id === row.id)).toBe(false);
  });

  test("failed posts show the server's message or the fallbacks on both tabs", async ({ page }) => {
    let answer: { status: number; body: unknown } = { status: 500, body: {} };
    await page.route(/\/api\/v1\/(first|second)JournalTransporterInvoice$/, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: answer.status, json: answer.body })
        : route.continue(),
    );
    const [row] = (await listFirst(page)) as [FirstJournalRow];
    await openScreen(page);
    await supplierInput(page, row.tripNumber).fill('SUP-FAIL');
    await selectBox(page, row.id).check();
    await postButton(page).click();
    await expectToast(page, {
      title: 'Error',
      message: 'Failed to post selected first journal transporter invoices',
      color: 'red',
    });
    await expect(selectBox(page, row.id)).not.toBeChecked();

    answer = {
      status: 422,
      body: {
        message: `${row.tripNumber} (first journal transporter invoice): SAP rejected the journal entry.`,
        posted: [],
        failed: [],
      },
    };
    await selectBox(page, row.id).check();
    await postButton(page).click();
    await expectToast(page, { title: 'Error', message: /SAP rejected the journal entry\./, color: 'red' });

    const seconds = await listSecond(page);
    expect(seconds.length, 'second-journal rows to post (run after the first-journal test)').toBeGreaterThan(
      0,
    );
    answer = { status: 500, body: {} };
    await tab(page, 'Post Second JE').click();
    await expect(secondTable(page)).toBeVisible();
    await selectBox(page, seconds[0]!.id).check();
    await postButton(page).click();
    await expectToast(page, {
      title: 'Error',
      message: 'Failed to post selected second journal transporter invoices',
      color: 'red',
    });
  });

  test("any list failure shows 'Access Denied'", async ({ page, browser }) => {
    // A server error (not a 403) still reads 'Access Denied' on this screen (docs/spec/product-spec.md section 6).
    await page.route('**/api/v1/firstJournalTransporterInvoice*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The records store is unavailable.' } }),
    );
    await page.goto(SCREEN);
    // A 500 is retried 3 times with backoff (about 7 s) before the alert shows.
    await expect(page.getByRole('alert').filter({ hasText: 'Access Denied' })).toContainText(
      'The records store is unavailable.',
      { timeout: 30_000 },
    );
    await page.unroute('**/api/v1/firstJournalTransporterInvoice*');

    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `No Transport ${stamp}`,
      permissions: ['View Audit Logs'],
      email: `no-transport-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, limited);
    await other.goto(SCREEN);
    await expect(other.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await other.getByRole('tab', { name: 'Post Second JE' }).click();
    await expect(other.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await context.close();
  });
});
