import { expect, test, type Page } from '@playwright/test';
import type { LedgerAccount, VasTransactionRow } from '@ff/contract';
import { apiCall, createUserWithRole, signIn, xsrfHeaders, type Credentials } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import { isoDay, postButton, rowOf, selectBox } from '../support/posting';
import { rgb } from '../support/ui';

const SCREEN = '/vas/transactions';
const LOSS_WARNING = 'You do not have the necessary access to post a loss.';
const listVas = (page: Page) =>
  apiCall<{ data: VasTransactionRow[] }>(page, 'GET', '/journalVasTransaction').then((r) => r.data);
const accountsOf = (page: Page, type: 'Vas Transaction Revenue' | 'Vas Transaction Cost') =>
  apiCall<{ data: LedgerAccount[] }>(page, 'GET', `/accounts?accountType=${encodeURIComponent(type)}`).then(
    (r) => r.data,
  );
const table = (page: Page) => page.getByRole('table', { name: 'VAS transactions' });
const label = (account: LedgerAccount) => `${account.description} - ${account.accountNumber}`;

// VAS inputs are named after the order (trip IDs may be empty on VAS rows).
const of = (row: VasTransactionRow) => `of order ${row.orderNumber}`;
const revenueSelect = (page: Page, row: VasTransactionRow) =>
  page.getByRole('combobox', { name: `Revenue account ${of(row)}`, exact: true });
const costSelect = (page: Page, row: VasTransactionRow) =>
  page.getByRole('combobox', { name: `Cost account ${of(row)}`, exact: true });
const pickupInput = (page: Page, row: VasTransactionRow) =>
  page.getByRole('textbox', { name: `Pickup order number ${of(row)}`, exact: true });
const quantityInput = (page: Page, row: VasTransactionRow) =>
  page.getByRole('textbox', { name: `Collected quantity ${of(row)}`, exact: true });
const marginCell = (page: Page, row: VasTransactionRow) =>
  rowOf(table(page), row.orderNumber!).getByRole('cell').last();

const scaled = (v: string) => {
  const [whole, fraction = ''] = v.replace('-', '').split('.');
  const units = BigInt(`${whole}${fraction}`);
  return { units: v.startsWith('-') ? -units : units, scale: fraction.length };
};
/** quantity x price in cents, rounded half-up (prices carry 2 decimals, quantities up to 3). */
function cents(quantity: string, price: string): bigint {
  const q = scaled(quantity);
  const p = scaled(price);
  const extra = q.scale + p.scale - 2;
  if (extra <= 0) return q.units * p.units * 10n ** BigInt(-extra);
  const divisor = 10n ** BigInt(extra);
  return (q.units * p.units + divisor / 2n) / divisor;
}
const money = (value: bigint) => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${new Intl.NumberFormat('en-US').format(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
};
const expectedMargin = (row: VasTransactionRow, q: string) =>
  money(cents(q, row.sellingUnitPrice) - cents(q, row.buyingUnitPrice));
const isLossRow = (row: VasTransactionRow) =>
  scaled(row.sellingUnitPrice).units < scaled(row.buyingUnitPrice).units;
/** Rows with an order number, unique in the list, so their inputs can be named. */
const nameable = (rows: VasTransactionRow[]) =>
  rows.filter((r) => r.orderNumber && rows.filter((o) => o.orderNumber === r.orderNumber).length === 1);

async function openScreen(page: Page) {
  await page.goto(SCREEN);
  // The first render of 100 rows of inputs is slow on a busy machine: allow it more than the default.
  await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
  // The accounts have loaded once a select offers them.
  await expect(page.getByRole('combobox', { name: /^Revenue account / }).first()).toContainText(
    'VAS Revenue',
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

/** Fills every input a row needs: pickup order number, revenue (the cost follows), collected quantity. */
async function fillRow(page: Page, row: VasTransactionRow, revenue: LedgerAccount, quantity: string) {
  await pickupInput(page, row).fill(`PU-${row.id}`);
  await revenueSelect(page, row).selectOption({ label: label(revenue) });
  await quantityInput(page, row).fill(quantity);
}

async function signInElsewhere(page: Page, credentials: Credentials) {
  const context = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL });
  const other = await context.newPage();
  await other.addInitScript(recordToasts);
  await signIn(other, credentials);
  return { other, close: () => context.close() };
}

test.describe('VAS Transactions', () => {
  // Pages of 100 rows of inputs; a busy CI machine needs more than the default minute per test.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordToasts);
    await signIn(page);
  });

  test("shows the columns in the spec order, 'N/A' for an empty trip or truck, and the margin formula", async ({
    page,
  }) => {
    const rows = nameable(await listVas(page));
    const blank = rows[0]!;
    await page.route('**/api/v1/journalVasTransaction*', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { data: VasTransactionRow[] };
      body.data = body.data.map((row) =>
        row.id === blank.id ? { ...row, tripNumber: null, truckNumber: null } : row,
      );
      return route.fulfill({ response, json: body });
    });
    await openScreen(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
      /Finance.*VAS.*VAS Transactions/,
    );
    const headers = (await table(page).getByRole('columnheader').allInnerTexts())
      .map((h) => h.trim())
      .filter(Boolean);
    expect(headers).toEqual([
      'Trip ID',
      'Status',
      'Transporter Name',
      'Truck Number',
      'Order No',
      'Supplier',
      'Warehouse',
      'VAS Product Details',
      'Quantity',
      'Pickup Order No',
      'Revenue Account',
      'Cost Account',
      'Collected Quantity',
      'Posting Date',
      'Unit Buying Price',
      'Unit Selling Price',
      'Profit Margin',
    ]);
    const cells = rowOf(table(page), blank.orderNumber!).getByRole('cell');
    await expect(cells.nth(1)).toHaveText('N/A'); // Trip ID, after the checkbox
    await expect(cells.nth(4)).toHaveText('N/A'); // Truck Number

    await table(page).getByRole('columnheader', { name: 'Profit Margin' }).getByText('Profit Margin').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Selling price × collected quantity − buying price × collected quantity',
    );
  });

  test('choosing a revenue account sets the cost account of its category; a missing pair is reported', async ({
    page,
  }) => {
    const [row, other] = nameable(await listVas(page)) as [VasTransactionRow, VasTransactionRow];
    const revenue = await accountsOf(page, 'Vas Transaction Revenue');
    const cost = await accountsOf(page, 'Vas Transaction Cost');
    await openScreen(page);
    for (const account of revenue.slice(0, 3)) {
      await revenueSelect(page, row).selectOption({ label: label(account) });
      const pair = cost.find((c) => c.category === account.category)!;
      await expect(costSelect(page, row)).toHaveValue(String(pair.id));
      // Only cost accounts of that category are offered.
      const offered = (await costSelect(page, row).locator('option').allInnerTexts()).slice(1);
      expect(offered).toEqual(cost.filter((c) => c.category === account.category).map(label));
    }

    // A revenue category without a cost account (e.g. one disabled since): the list answer is edited on its way.
    const orphan = revenue.at(-1)!;
    await page.route('**/api/v1/accounts*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: LedgerAccount[] };
      if (new URL(route.request().url()).searchParams.get('accountType') === 'Vas Transaction Cost') {
        body.data = body.data.filter((c) => c.category !== orphan.category);
      }
      return route.fulfill({ response, json: body });
    });
    await openScreen(page);
    await revenueSelect(page, other).selectOption({ label: label(orphan) });
    await expectToast(
      page,
      'Failed to find related cost account for selected revenue account.',
      'Error',
      'color-red',
    );
    await expect(costSelect(page, other)).toHaveValue('');
  });

  test('a revenue account no longer in the loaded list is reported and the row stays unselectable', async ({
    page,
  }) => {
    const [row] = nameable(await listVas(page)) as [VasTransactionRow];
    const revenue = await accountsOf(page, 'Vas Transaction Revenue');
    await openScreen(page);
    // The select offers the loaded accounts only, so the server's lists never lead here: an option left over
    // from an older list (added to the page below) stands for an account the loaded list no longer holds.
    const retiredId = Math.max(...revenue.map((account) => account.id)) + 1_000;
    await revenueSelect(page, row).evaluate((select, id) => {
      const option = document.createElement('option');
      option.value = String(id);
      option.textContent = 'Retired VAS Revenue - 499999';
      select.appendChild(option);
    }, retiredId);
    await revenueSelect(page, row).selectOption(String(retiredId));
    await expectToast(
      page,
      'Failed to find the selected revenue account. Please contact support.',
      'Error',
      'color-red',
    );
    await expect(costSelect(page, row)).toHaveValue('');
    // Everything else filled in: without an account pair the row cannot be selected.
    await pickupInput(page, row).fill(`PU-${row.id}`);
    await quantityInput(page, row).fill('1');
    await expect(selectBox(page, row.id)).toBeDisabled();
    // A loaded account pairs again.
    await revenueSelect(page, row).selectOption({ label: label(revenue[0]!) });
    await expect(costSelect(page, row)).not.toHaveValue('');
    await expect(selectBox(page, row.id)).toBeEnabled();
  });

  test('collected quantity recomputes the profit margin exactly; losses show in red', async ({ page }) => {
    const rows = nameable(await listVas(page)).filter((r) => Number(r.originQuantity) >= 2);
    const profit = rows.find((r) => !isLossRow(r))!;
    const loss = rows.find(isLossRow)!;
    await openScreen(page);
    await expect(marginCell(page, profit)).toHaveText('N/A');

    await quantityInput(page, profit).fill('1.5');
    await expect(marginCell(page, profit)).toHaveText(expectedMargin(profit, '1.5'));
    await marginCell(page, profit).getByText(expectedMargin(profit, '1.5')).hover();
    await expect(page.getByRole('tooltip')).toContainText(
      `Total: ${money(cents('1.5', profit.sellingUnitPrice))}`,
    );
    await quantityInput(page, profit).fill('2');
    await expect(marginCell(page, profit)).toHaveText(expectedMargin(profit, '2'));

    await quantityInput(page, loss).fill('2');
    await expect(marginCell(page, loss)).toHaveText(expectedMargin(loss, '2'));
    expect(expectedMargin(loss, '2')).toMatch(/^-/);
    const red = await marginCell(page, loss)
      .locator('[data-loss]')
      .evaluate((el) => getComputedStyle(el).color);
    // A clear red of the theme (its shade is darkened for contrast): red well above green and blue.
    const [r, g, b] = rgb(red);
    expect(r, red).toBeGreaterThan(150);
    expect(r, red).toBeGreaterThan(3 * Math.max(g, b));
  });

  test('a row needs pickup order number, both accounts, collected quantity and posting date', async ({
    page,
  }) => {
    const all = await listVas(page);
    const [row] = nameable(all) as [VasTransactionRow];
    const [revenue] = await accountsOf(page, 'Vas Transaction Revenue');
    await openScreen(page);
    const box = selectBox(page, row.id);
    await expect(box).toBeDisabled();
    await pickupInput(page, row).fill('PU-1');
    await revenueSelect(page, row).selectOption({ label: label(revenue!) });
    await expect(box).toBeDisabled();
    await quantityInput(page, row).fill('1');
    await expect(box).toBeEnabled();
    await box.check();
    await expect(page.getByText(`1 of ${all.length} records selected`)).toBeVisible();

    await pickupInput(page, row).fill('');
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
    await pickupInput(page, row).fill('PU-1');
    await box.check();
    await costSelect(page, row).selectOption({ label: 'Select account' });
    await expect(box).not.toBeChecked();
    await revenueSelect(page, row).selectOption({ label: label(revenue!) });
    await box.check();
    await page.getByRole('button', { name: `Clear posting date ${of(row)}`, exact: true }).click();
    await expect(box).not.toBeChecked();
    await expect(box).toBeDisabled();
  });

  test('queues the selected rows (a loss too, with Post Loss); they leave the list and get posted', async ({
    page,
  }) => {
    const rows = nameable(await listVas(page));
    const revenue = await accountsOf(page, 'Vas Transaction Revenue');
    const cost = await accountsOf(page, 'Vas Transaction Cost');
    const profit = rows.find((r) => !isLossRow(r))!;
    const loss = rows.find(isLossRow)!;
    await openScreen(page);
    await fillRow(page, profit, revenue[0]!, '1');
    await fillRow(page, loss, revenue[1]!, '1');
    await selectBox(page, profit.id).check();
    await selectBox(page, loss.id).check();

    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/v1/journalVasTransaction') && r.method() === 'POST',
    );
    await postButton(page).click();
    const body = (await request).postDataJSON() as {
      postSap: {
        vasTransactionId: number;
        sapAccountRevenue: number;
        sapAccountCost: number;
        collectedQuantity: string;
        productType: string;
        postingDate: string;
        orderNumber: string;
      }[];
    };
    const sent = new Map(body.postSap.map((e) => [e.vasTransactionId, e]));
    const pairOf = (account: LedgerAccount) => cost.find((c) => c.category === account.category)!.id;
    expect(sent.get(profit.id)).toMatchObject({
      sapAccountRevenue: revenue[0]!.id,
      sapAccountCost: pairOf(revenue[0]!),
      collectedQuantity: '1',
      productType: profit.productType,
      orderNumber: `PU-${profit.id}`,
    });
    expect(sent.get(loss.id)).toMatchObject({
      sapAccountRevenue: revenue[1]!.id,
      sapAccountCost: pairOf(revenue[1]!),
    });
    expect(sent.get(profit.id)!.postingDate.slice(0, 10)).toBe(isoDay(new Date()));

    await expectToast(page, 'Vas Transactions have been queued for posting', 'Success', 'color-blue');
    await expect(table(page).getByText(profit.orderNumber!, { exact: true })).toHaveCount(0);
    await expect(table(page).getByText(loss.orderNumber!, { exact: true })).toHaveCount(0);
    await expect(page.getByText(/records selected/)).toHaveCount(0);

    // The queue worker posts them: they never come back to the list (a failed post would list them as failed).
    const ids = [profit.id, loss.id];
    for (let i = 0; i < 8; i += 1) {
      const listed = (await listVas(page)).filter((r) => ids.includes(r.id));
      expect(listed, JSON.stringify(listed)).toEqual([]);
      await page.waitForTimeout(1_000);
    }
  });

  test('without Post Loss a loss is stopped with a warning and nothing is sent; a profit still queues', async ({
    page,
  }) => {
    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `VAS No Loss ${stamp}`,
      permissions: ['View VAS Transactions', 'Post VAS Transactions'],
      email: `vas-no-loss-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const rows = nameable(await listVas(page));
    const [revenue] = await accountsOf(page, 'Vas Transaction Revenue');
    const loss = rows.find(isLossRow)!;
    const profit = rows.find((r) => !isLossRow(r))!;
    const { other, close } = await signInElsewhere(page, limited);
    try {
      const posts: string[] = [];
      other.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/v1/journalVasTransaction')) posts.push(r.url());
      });
      await openScreen(other);
      await fillRow(other, loss, revenue!, '1');
      await fillRow(other, profit, revenue!, '1');
      await selectBox(other, loss.id).check();
      await selectBox(other, profit.id).check();
      await postButton(other).click();
      await expectToast(other, LOSS_WARNING, 'Warning', 'yellow');
      expect(posts).toEqual([]);
      // Nothing changed: both rows stay selected for the user to fix.
      await expect(selectBox(other, loss.id)).toBeChecked();

      // The server refuses it too.
      const refused = await other.request.post('/api/v1/journalVasTransaction', {
        headers: await xsrfHeaders(other.context()),
        data: {
          postSap: [
            {
              vasTransactionId: loss.id,
              sapAccountRevenue: revenue!.id,
              sapAccountCost: Number(await costSelect(other, loss).inputValue()),
              collectedQuantity: '1',
              productType: loss.productType,
              postingDate: isoDay(new Date()),
              orderNumber: 'PU-X',
            },
          ],
        },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(LOSS_WARNING);

      await selectBox(other, loss.id).uncheck();
      await postButton(other).click();
      await expectToast(other, 'Success', 'Vas Transactions have been queued for posting', 'color-blue');
      expect(posts).toHaveLength(1);
      await expect(table(other).getByText(profit.orderNumber!, { exact: true })).toHaveCount(0);
      await expect(table(other).getByText(loss.orderNumber!, { exact: true })).toBeVisible();
    } finally {
      await close();
    }
  });

  test("a refused post shows the server's message, else the fallback", async ({ page }) => {
    const [row] = nameable(await listVas(page)).filter((r) => !isLossRow(r)) as [VasTransactionRow];
    const [revenue] = await accountsOf(page, 'Vas Transaction Revenue');
    await openScreen(page);
    // Nothing collected: nothing to post, and the server says so by row.
    await fillRow(page, row, revenue!, '0');
    await selectBox(page, row.id).check();
    await postButton(page).click();
    await expectToast(page, `#${row.id}`, 'Error', 'color-red');
    await expect(selectBox(page, row.id)).not.toBeChecked();

    await page.route('**/api/v1/journalVasTransaction', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await quantityInput(page, row).fill('1');
    await selectBox(page, row.id).check();
    await postButton(page).click();
    await expectToast(page, 'Error', 'Failed to queue selected VAS transactions', 'color-red');
  });
});
