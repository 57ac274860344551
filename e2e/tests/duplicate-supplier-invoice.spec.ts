import { expect, test, type Page } from '@playwright/test';
import type { FirstJournalRow } from '@ff/contract';
import { apiCall, signIn } from '../support/auth';
import { isoDay, postButton, rowOf, selectBox } from '../support/posting';
import { expectToast } from '../support/ui';

/**
 * Issue 11: a supplier invoice number the transporter already used on another record is flagged on the
 * first-journal tab while it is typed; the row posts only once the user ticks "Post anyway".
 */
const SCREEN = '/invoices/transporter';
const firstTable = (page: Page) => page.getByRole('table', { name: 'First journal transporter invoices' });
const supplierInput = (page: Page, trip: string) =>
  page.getByRole('textbox', { name: `Supplier invoice number of trip ${trip}`, exact: true });
const postAnyway = (page: Page, trip: string) =>
  page.getByRole('checkbox', { name: `Post anyway of trip ${trip}`, exact: true });

test.describe('Duplicate supplier invoices', () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('flags a number used for the same transporter and posts it only with "Post anyway"', async ({
    page,
  }) => {
    const rows = (await apiCall<{ data: FirstJournalRow[] }>(page, 'GET', '/firstJournalTransporterInvoice'))
      .data;
    // Two records of one transporter: the first is posted with the number through the API.
    const pair = rows
      .map((row) => [
        row,
        rows.find((other) => other.id !== row.id && other.transporterName === row.transporterName),
      ])
      .find((candidate): candidate is [FirstJournalRow, FirstJournalRow] => candidate[1] !== undefined);
    expect(pair, 'two first-journal rows of one transporter in the demo data').toBeDefined();
    const [used, row] = pair!;
    const number = `SINV-E2E-${Date.now().toString(36).toUpperCase()}`;
    await apiCall(page, 'POST', '/firstJournalTransporterInvoice', {
      postSap: [
        { transporterInvoice: used.id, postingDate: isoDay(new Date()), supplierInvoiceNumber: number },
      ],
    });

    await page.goto(SCREEN);
    await expect(firstTable(page)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Search records' }).fill(row.tripNumber);
    await expect(rowOf(firstTable(page), row.tripNumber)).toBeVisible();

    // Typed in another case: the same supplier invoice.
    await supplierInput(page, row.tripNumber).fill(number.toLowerCase());
    const line = rowOf(firstTable(page), row.tripNumber);
    await expect(line.getByText(`Already used on ${used.tripNumber}`, { exact: true })).toBeVisible();
    await expect(supplierInput(page, row.tripNumber)).toHaveAttribute('aria-invalid', 'true');
    await expect(selectBox(page, row.id)).toBeDisabled();

    await postAnyway(page, row.tripNumber).check();
    await selectBox(page, row.id).check();
    const posted = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/firstJournalTransporterInvoice') && r.method() === 'POST',
    );
    await postButton(page).click();
    expect((await posted).postDataJSON()).toEqual({
      postSap: [
        {
          transporterInvoice: row.id,
          postingDate: expect.any(String),
          supplierInvoiceNumber: number.toLowerCase(),
          allowDuplicateSupplierInvoice: true,
        },
      ],
    });
    await expectToast(page, {
      title: 'Success',
      message: 'First journal transporter invoices posted successfully',
      color: 'blue',
    });
    await expect(firstTable(page).getByText(row.tripNumber, { exact: true })).toHaveCount(0);

    // A different number is not flagged.
    const third = rows.find((r) => ![used.id, row.id].includes(r.id))!;
    await page.getByRole('textbox', { name: 'Search records' }).fill(third.tripNumber);
    await supplierInput(page, third.tripNumber).fill(`${number}-OTHER`);
    await expect(selectBox(page, third.id)).toBeEnabled();
    await expect(postAnyway(page, third.tripNumber)).toHaveCount(0);
  });
});
