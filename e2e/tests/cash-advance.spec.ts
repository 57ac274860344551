import { expect, test, type Page } from '@playwright/test';
import type { CashAdvanceRow, LedgerAccount } from '@ff/contract';
import { apiCall, createUserWithRole, signIn, xsrfHeaders } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import {
  clearPostingDate,
  isoDay,
  parseServerDateTime,
  pickPostingDay,
  postButton,
  postingDateInput,
  rowOf,
  selectBox,
} from '../support/posting';
import { rewriteJson } from '../support/rewrite';

const SCREEN = '/advance/cash';
const listCash = (page: Page) =>
  apiCall<{ data: CashAdvanceRow[] }>(page, 'GET', '/journalCashAdvance').then((r) => r.data);
const pettyCash = (page: Page) =>
  apiCall<{ data: LedgerAccount[] }>(page, 'GET', '/accounts?accountType=petty%20cash').then((r) => r.data);
const table = (page: Page) => page.getByRole('table', { name: 'Cash advances' });
const ledgerSelect = (page: Page, trip: string) =>
  page.getByRole('combobox', { name: `Posting ledger of trip ${trip}`, exact: true });
const label = (account: LedgerAccount) => `${account.description} - ${account.accountNumber}`;
const amount = (value: string) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(value),
  );

async function openScreen(page: Page) {
  await page.goto(SCREEN);
  // The first render of 100 rows of inputs is slow on a busy machine: allow it more than the default.
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
  // The ledgers have loaded once a select offers them.
  await expect(page.getByRole('combobox', { name: /^Posting ledger of trip / }).first()).toContainText(
    'Petty Cash',
    { timeout: 90_000 },
  );
}

/**
 * Records the text of every toast from page load on, so a test can check a toast even when a busy machine
 * looks later than its 4 s on screen. Register before the page loads (page.addInitScript).
 */
function recordToasts() {
  const seen: string[] = [];
  (window as unknown as { __toasts: string[] }).__toasts = seen;
  new MutationObserver(() => {
    document.querySelectorAll('.mantine-Notification-root').forEach((toast) => {
      // The text, then the inline style that names the colour (e.g. --mantine-color-yellow-filled).
      const text = `${toast.textContent ?? ''} ${toast.getAttribute('style') ?? ''}`;
      if (!seen.includes(text)) seen.push(text);
    });
  }).observe(document, { childList: true, subtree: true });
}

/** Waits until a toast holding every one of `parts` (title, message, colour) has been shown. */
async function expectToast(page: Page, ...parts: string[]) {
  await expect
    .poll(
      () =>
        page.evaluate(
          (wanted) =>
            ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((text) =>
              wanted.every((part) => text.includes(part)),
            ),
          parts,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

test.describe('Cash Advance', () => {
  // Pages of 100 rows of inputs; a busy CI machine needs more than the default minute per test.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordToasts);
    await signIn(page);
  });

  test('shows the screen: breadcrumb, columns in order, amounts, petty-cash ledgers, page size 100', async ({
    page,
  }) => {
    const rows = await listCash(page);
    const ledgers = await pettyCash(page);
    await openScreen(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /Finance.*Advance.*Cash Advance/,
    );
    const headers = await table(page).getByRole('columnheader').allInnerTexts();
    const order = [
      'Trip ID',
      'Route',
      'Transporter Name',
      'Truck Number',
      'Total Amount',
      'Document Date',
      'Posting Date',
      'Posting Ledger',
    ];
    const seen = headers.map((h) => h.trim()).filter((h) => order.includes(h));
    // Trip ID is pinned first; the others follow in the spec's order.
    expect(seen).toEqual(order);
    await expect(
      page.getByText(`Showing ${Math.min(rows.length, 100)} of ${rows.length} records`),
    ).toBeVisible();
    const first = rows[0]!;
    const row = rowOf(table(page), first.tripNumber);
    await expect(row.getByRole('cell', { name: amount(first.amount!), exact: true })).toBeVisible();
    await expect(postingDateInput(page, first.tripNumber)).toContainText(/\d{2} \w{3} \d{4} \d{2}:\d{2}/);
    const options = await ledgerSelect(page, first.tripNumber).locator('option').allInnerTexts();
    expect(options.slice(1)).toEqual(ledgers.map(label));
    await expect(postButton(page)).toBeDisabled();
    // Issue 12: the spec's hidden Excel Export button is a real one now.
    await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeVisible();
  });

  test('a row is selectable only with a ledger and a posting date; clearing either deselects it', async ({
    page,
  }) => {
    const rows = await listCash(page);
    const [ledger] = await pettyCash(page);
    const first = rows[0]!;
    await openScreen(page);
    await expect(selectBox(page, first.id)).toBeDisabled();

    await ledgerSelect(page, first.tripNumber).selectOption({ label: label(ledger!) });
    await expect(selectBox(page, first.id)).toBeEnabled();
    await selectBox(page, first.id).check();
    await expect(page.getByText(`1 of ${rows.length} records selected`)).toBeVisible();
    await expect(postButton(page)).toBeEnabled();

    await clearPostingDate(page, first.tripNumber).click();
    await expect(selectBox(page, first.id)).not.toBeChecked();
    await expect(selectBox(page, first.id)).toBeDisabled();
    await expect(postButton(page)).toBeDisabled();

    await pickPostingDay(page, first.tripNumber, new Date());
    await selectBox(page, first.id).check();
    await ledgerSelect(page, first.tripNumber).selectOption({ label: 'Select account' });
    await expect(selectBox(page, first.id)).not.toBeChecked();
    await expect(selectBox(page, first.id)).toBeDisabled();

    // "Select all" takes only the ready rows of the page.
    await ledgerSelect(page, first.tripNumber).selectOption({ label: label(ledger!) });
    await ledgerSelect(page, rows[1]!.tripNumber).selectOption({ label: label(ledger!) });
    // Issue 12: with 2 of 100 rows selected the header box is mixed, not checked.
    const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page' });
    await selectAll.click();
    await expect(page.getByText(`2 of ${rows.length} records selected`)).toBeVisible();
    await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
  });

  test('posts the selected rows with their ledger and posting date; they leave the list', async ({
    page,
  }) => {
    const rows = await listCash(page);
    const ledgers = await pettyCash(page);
    const [first, second] = rows as [CashAdvanceRow, CashAdvanceRow];
    await openScreen(page);
    const documentDay = parseServerDateTime(first.documentDate);
    await pickPostingDay(page, first.tripNumber, documentDay);
    await ledgerSelect(page, first.tripNumber).selectOption({ label: label(ledgers[0]!) });
    await ledgerSelect(page, second.tripNumber).selectOption({ label: label(ledgers[1]!) });
    await selectBox(page, first.id).check();
    await selectBox(page, second.id).check();

    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/journalCashAdvance') && r.method() === 'POST',
    );
    await postButton(page).click();
    const body = (await request).postDataJSON() as {
      postSap: { cashAdvanceId: number; sapAccount: number; postingDate: string }[];
    };
    expect(body.postSap).toHaveLength(2);
    const sent = new Map(body.postSap.map((e) => [e.cashAdvanceId, e]));
    expect(sent.get(first.id)!.sapAccount).toBe(ledgers[0]!.id);
    expect(sent.get(second.id)!.sapAccount).toBe(ledgers[1]!.id);
    expect(sent.get(first.id)!.postingDate.slice(0, 10)).toBe(isoDay(documentDay));
    for (const entry of body.postSap)
      expect(entry.postingDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);

    await expectToast(page, 'Cash advance records posted successfully', 'Success', 'color-blue');
    await expect(page.getByText(`Showing 100 of ${rows.length - 2} records`)).toBeVisible();
    await expect(table(page).getByText(first.tripNumber, { exact: true })).toHaveCount(0);
    await expect(table(page).getByText(second.tripNumber, { exact: true })).toHaveCount(0);
    await expect(postButton(page)).toBeDisabled();
    await expect(page.getByText(/records selected/)).toHaveCount(0);
    const after = await listCash(page);
    expect(after.some((r) => r.id === first.id || r.id === second.id)).toBe(false);
  });

  test("a refused post shows the server's message, else the fallback; the list reloads", async ({ page }) => {
    const rows = await listCash(page);
    const [ledger] = await pettyCash(page);
    const [first, second] = rows as [CashAdvanceRow, CashAdvanceRow];
    await openScreen(page);
    await ledgerSelect(page, first.tripNumber).selectOption({ label: label(ledger!) });
    await selectBox(page, first.id).check();
    // Someone else posts the same advance meanwhile: the server refuses it by name.
    const other = await page.request.post('/api/v1/journalCashAdvance', {
      headers: await xsrfHeaders(page.context()),
      data: {
        postSap: [{ cashAdvanceId: first.id, sapAccount: ledger!.id, postingDate: isoDay(new Date()) }],
      },
    });
    expect(other.status()).toBe(200);
    await postButton(page).click();
    await expectToast(page, `${first.tripNumber} (cash advance record): `, 'Error', 'color-red');
    // The reload drops the row someone else posted and the selection is cleared.
    await expect(table(page).getByText(first.tripNumber, { exact: true })).toHaveCount(0);
    await expect(page.getByText(/records selected/)).toHaveCount(0);

    // A failure without a message falls back to the screen's sentence.
    await page.route('**/api/v1/journalCashAdvance', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await ledgerSelect(page, second.tripNumber).selectOption({ label: label(ledger!) });
    await selectBox(page, second.id).check();
    await postButton(page).click();
    await expectToast(page, 'Error', 'Failed to post selected cash advance records', 'color-red');
    await expect(selectBox(page, second.id)).not.toBeChecked();
  });

  test('a failed row shows why; a list or ledger load failure replaces the table with an alert', async ({
    page,
  }) => {
    const rows = await listCash(page);
    const failed = rows[0]!;
    await rewriteJson<{ data: CashAdvanceRow[] }>(page, '**/api/v1/journalCashAdvance*', (body) => ({
      ...body,
      data: body.data.map((row) =>
        row.id === failed.id
          ? { ...row, status: 'failed', lastError: 'SAP: Period is locked [OJDT.RefDate]' }
          : row,
      ),
    }));
    await openScreen(page);
    await rowOf(table(page), failed.tripNumber).getByText('Failed', { exact: true }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('SAP: Period is locked [OJDT.RefDate]');

    await page.route('**/api/v1/accounts*', (route) =>
      route.fulfill({ status: 404, json: { message: 'The ledger accounts are not available.' } }),
    );
    await page.goto('/');
    await page.getByRole('link', { name: 'Cash Advance', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The ledger accounts are not available.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Error');
    await expect(alert).toContainText('Please reach out to support for more on this issue.');
    await expect(table(page)).toHaveCount(0);
  });

  test("a role without the view permission sees 'Access Denied'", async ({ page, browser }) => {
    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `No Cash ${stamp}`,
      permissions: ['View Fuel Advances'],
      email: `no-cash-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const context = await browser.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    await signIn(other, limited);
    await other.goto(SCREEN);
    await expect(other.getByRole('alert').filter({ hasText: 'Access Denied' })).toBeVisible();
    await expect(other.getByRole('table', { name: 'Cash advances' })).toHaveCount(0);
    await context.close();
  });
});
