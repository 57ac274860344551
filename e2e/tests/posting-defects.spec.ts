import { expect, test } from '@playwright/test';
import type { VasTransactionRow } from '@ff/contract';
import { createUserWithRole, signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import {
  accountLabel,
  boxOf,
  countPosts,
  listFuel,
  listSales,
  openPostingScreen,
  pettyCash,
  recordedToasts,
  searchRows,
  timeFields,
} from '../support/posting-bulk';
import { postButton, postingDateInput, selectBox } from '../support/posting';
import { expectToastShown, recordToasts } from '../support/toast-log';
import { accountsOf, fillRow, isLossRow, listVas, nameable, openScreen as openVas } from '../support/vas';
import { rewriteJson } from '../support/rewrite';

// Defects of issue 12 on the posting screens: each test failed before its fix.
test.describe('posting screens: defects of issue 12', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 1440, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordToasts);
    await signIn(page);
  });

  test('defect 2: a double click on Post to SAP sends one request and shows no error', async ({ page }) => {
    const [row] = (await listSales(page)).slice(-1);
    await openPostingScreen(page, '/invoices/sales');
    await searchRows(page, row!.tripNumber);
    const posts = countPosts(page, '/journalSaleInvoice');
    await selectBox(page, row!.id).check();
    await postButton(page).dblclick();
    await expectToastShown(page, 'Sales invoices posted successfully');
    await expect(page.getByText('No records found!')).toBeVisible({ timeout: 30_000 });
    expect(posts()).toBe(1);
    const toasts = await recordedToasts(page);
    expect(
      toasts.filter((text) => text.includes('Error')),
      toasts.join('\n'),
    ).toEqual([]);
  });

  test('defect 3: a future time typed into a selected row keeps the row selected, at now', async ({
    page,
  }) => {
    const [row] = (await listSales(page)).slice(-2);
    await openPostingScreen(page, '/invoices/sales');
    await searchRows(page, row!.tripNumber);
    await selectBox(page, row!.id).check();
    await postingDateInput(page, row!.tripNumber).click();
    const dropdown = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('button', { name: 'Previous month' }) });
    await expect(dropdown).toBeVisible();
    const [hours, minutes] = [timeFields(dropdown).nth(0), timeFields(dropdown).nth(1)];
    await hours.fill('23');
    await minutes.fill('59');
    await dropdown.getByRole('button', { name: 'Confirm posting date' }).click();
    await expect(dropdown).toBeHidden();
    await expect(selectBox(page, row!.id)).toBeChecked();
    await expect(postButton(page)).toBeEnabled();
    // Not after now (unless the test runs at 23:59).
    const shown = await postingDateInput(page, row!.tripNumber).textContent();
    expect(new Date(shown!.replace(/(\d{2}) (\w{3}) (\d{4}) /, '$2 $1 $3 ')).getTime()).toBeLessThanOrEqual(
      Date.now(),
    );
  });

  test('defect 4: a collected quantity of 0 leaves a fuel row unselectable and says why', async ({
    page,
  }) => {
    const [row] = await listFuel(page);
    const [ledger] = await pettyCash(page);
    await openPostingScreen(page, '/advance/fuel');
    await searchRows(page, row!.tripNumber);
    const trip = row!.tripNumber;
    await page
      .getByRole('combobox', { name: `Posting ledger of trip ${trip}`, exact: true })
      .selectOption({ label: accountLabel(ledger!) });
    await page
      .getByRole('textbox', { name: `Pickup order number of trip ${trip}`, exact: true })
      .fill('PU-0');
    const quantity = page.getByRole('textbox', { name: `Collected quantity of trip ${trip}`, exact: true });
    await quantity.fill('1');
    await expect(selectBox(page, row!.id)).toBeEnabled();
    await selectBox(page, row!.id).check();
    await quantity.fill('0');
    await expect(selectBox(page, row!.id)).not.toBeChecked();
    await expect(selectBox(page, row!.id)).toBeDisabled();
    await expect(
      page.getByText('Enter a quantity above 0: SAP does not accept a zero amount.'),
    ).toBeVisible();
    await expect(postButton(page)).toBeDisabled();
  });

  test('defect 7: the Post Loss warning names the loss rows and lets the others be posted', async ({
    page,
  }) => {
    const stamp = Date.now();
    const limited = await createUserWithRole(page, {
      roleName: `Bulk No Loss ${stamp}`,
      permissions: ['View VAS Transactions', 'Post VAS Transactions'],
      email: `bulk-no-loss-${stamp}@example.com`,
      password: 'Limited-Passw0rd!',
    });
    const rows = nameable(await listVas(page));
    const [revenue] = await accountsOf(page, 'Vas Transaction Revenue');
    const loss = rows.find(isLossRow)!;
    const profit = rows.find((r) => !isLossRow(r))!;
    const context = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL });
    const other = await context.newPage();
    try {
      await other.addInitScript(recordToasts);
      await signIn(other, limited);
      const posts = countPosts(other, '/journalVasTransaction');
      await openVas(other);
      await fillRow(other, loss, revenue!, '1');
      await fillRow(other, profit, revenue!, '1');
      await selectBox(other, loss.id).check();
      await selectBox(other, profit.id).check();
      await postButton(other).click();
      const warning = other.getByRole('alert').filter({ hasText: 'would post a loss' });
      await expect(warning).toContainText(`order ${loss.orderNumber}`);
      await expect(warning).not.toContainText(`order ${profit.orderNumber}`);
      expect(posts()).toBe(0);
      await warning.getByRole('button', { name: 'Deselect the loss rows' }).click();
      await expect(selectBox(other, loss.id)).not.toBeChecked();
      await expect(selectBox(other, profit.id)).toBeChecked();
      await expect(warning).toBeHidden();
      await postButton(other).click();
      await expectToastShown(other, 'Vas Transactions have been queued for posting');
      expect(posts()).toBe(1);
    } finally {
      await context.close();
    }
  });

  test('defect 9: trip pinned, Amount and Posting Date in view at 1440 px on sales and transporter', async ({
    page,
  }) => {
    for (const [path, tableName, amount, trip] of [
      ['/invoices/sales', 'Sales invoices', 'Amount', 'Trip Number'],
      ['/invoices/transporter', 'First journal transporter invoices', 'Invoice Amount', 'Trip Number'],
      ['/advance/fuel', 'Fuel advances', 'Total Amount', 'Trip ID'],
      ['/vas/transactions', 'VAS transactions', 'Profit Margin', 'Trip ID'],
    ] as const) {
      await openPostingScreen(page, path);
      const table = page.getByRole('table', { name: tableName });
      const scroller = table.locator('xpath=..');
      const area = await boxOf(scroller);
      for (const header of [amount, 'Posting Date']) {
        const box = await boxOf(table.getByRole('columnheader', { name: header }).first());
        expect(box.x, `${path} ${header}`).toBeGreaterThanOrEqual(area.x - 1);
        expect(box.x + box.width, `${path} ${header}`).toBeLessThanOrEqual(area.x + area.width + 1);
      }
      await expect(table.getByRole('columnheader', { name: trip, exact: true })).toHaveAttribute(
        'data-pinned',
        'left',
      );
    }
  });

  test('defect 9: long VAS product text stays in its cell, whole in its title', async ({ page }) => {
    const long = 'GPS tracking with armed escort and satellite uplink, '.repeat(4).trim();
    await rewriteJson<{ data: VasTransactionRow[] }>(page, '**/api/v1/journalVasTransaction?*', (body) => ({
      ...body,
      data: body.data.map((row) => ({ ...row, description: long })),
    }));
    await openVas(page);
    const table = page.getByRole('table', { name: 'VAS transactions' });
    const cell = table.getByRole('row').nth(1).getByTitle(long);
    await expect(cell).toBeVisible();
    const text = await boxOf(cell);
    const td = await boxOf(cell.locator('xpath=ancestor::td[1]'));
    expect(text.x + text.width).toBeLessThanOrEqual(td.x + td.width + 1);
    // No cell overlaps its neighbour: the next cell starts after the description's cell.
    const next = await boxOf(cell.locator('xpath=ancestor::td[1]/following-sibling::td[1]'));
    expect(next.x).toBeGreaterThanOrEqual(td.x + td.width - 1);
  });
});
