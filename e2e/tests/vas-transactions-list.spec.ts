import { expect, test } from '@playwright/test';
import type { LedgerAccount, VasTransactionRow } from '@ff/contract';
import { rowOf, selectBox, setUpRowInputScreen } from '../support/posting';
import { expectToastShown } from '../support/toast-log';
import { rgb } from '../support/ui';
import {
  accountsOf,
  cents,
  costSelect,
  expectedMargin,
  isLossRow,
  label,
  listVas,
  marginCell,
  money,
  nameable,
  of,
  openScreen,
  pickupInput,
  quantityInput,
  revenueSelect,
  table,
} from '../support/vas';
import { rewriteJson } from '../support/rewrite';

// The VAS Transactions list: its columns, the account pairing, the margin and what makes a row selectable.
test.describe('VAS Transactions', () => {
  setUpRowInputScreen();

  test("shows the columns in the spec order, 'N/A' for an empty trip or truck, and the margin formula", async ({
    page,
  }) => {
    const rows = nameable(await listVas(page));
    const blank = rows[0]!;
    await rewriteJson<{ data: VasTransactionRow[] }>(page, '**/api/v1/journalVasTransaction*', (body) => ({
      ...body,
      data: body.data.map((row) =>
        row.id === blank.id ? { ...row, tripNumber: null, truckNumber: null } : row,
      ),
    }));
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
    await rewriteJson<{ data: LedgerAccount[] }>(page, '**/api/v1/accounts*', (body, route) =>
      new URL(route.request().url()).searchParams.get('accountType') === 'Vas Transaction Cost'
        ? { ...body, data: body.data.filter((c) => c.category !== orphan.category) }
        : body,
    );
    await openScreen(page);
    await revenueSelect(page, other).selectOption({ label: label(orphan) });
    await expectToastShown(
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
    await expectToastShown(
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
});
