import { expect, test, type Locator, type Page } from '@playwright/test';
import { bodyRows, cashTable, ledgerLabel, openCashAdvance, pettyCashLedgers } from '../support/clerk-lists';
import { setUpRowInputScreen } from '../support/posting';
import { expectToastShown } from '../support/toast-log';

/**
 * Issue 26, defect 9: Cash Advance says why a row cannot be selected, keeps the ledger (the field a row
 * needs) in view, and reports what a Shift range and 'Select all N matching records' could not select.
 * Before the fix the checkboxes were greyed with no hint, the Posting Ledger column was off-screen at
 * 1440 px, and both selections skipped the rows without a ledger silently.
 */

const count = new Intl.NumberFormat('en-US');
const rowBox = (row: Locator) => row.getByRole('checkbox', { name: /^Select trip / });
const rowLedgerOf = (row: Locator) => row.getByRole('combobox', { name: /^Posting ledger of trip / });

/** In the 1440 px viewport without scrolling sideways, and not under another column. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is laid out`).not.toBeNull();
  expect(box!.x + box!.width, `${what} ends inside the window`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  const reached = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(reached, `${what} is not covered by another column`).toBe(true);
}

test.describe('Cash Advance selection feedback (issue 26, defect 9)', () => {
  setUpRowInputScreen();

  test('a row without a ledger says why it cannot be selected; the ledger is in view', async ({ page }) => {
    await openCashAdvance(page);
    const first = bodyRows(cashTable(page)).first();
    await expect(rowBox(first)).toBeDisabled();
    await expect(rowBox(first)).toHaveAccessibleDescription('Choose a posting ledger first');
    await expectInView(page, rowLedgerOf(first), 'the Posting Ledger select');
    const [ledger] = await pettyCashLedgers(page);
    await rowLedgerOf(first).selectOption({ label: ledgerLabel(ledger!) });
    await expect(rowBox(first)).toBeEnabled();
    await expect(rowBox(first)).not.toHaveAccessibleDescription('Choose a posting ledger first');
  });

  test('Shift-click and select all matching report the rows they could not select, and why', async ({
    page,
  }) => {
    await openCashAdvance(page);
    const shown = await page.getByText(/^Showing 100 of [\d,]+ records$/).innerText();
    const total = Number(/of ([\d,]+) records/.exec(shown)![1]!.replace(/,/g, ''));
    const rows = bodyRows(cashTable(page));
    const [ledger] = await pettyCashLedgers(page);
    // Rows 1 and 5 get a ledger; 2 to 4 have none.
    for (const index of [0, 4])
      await rowLedgerOf(rows.nth(index)).selectOption({ label: ledgerLabel(ledger!) });
    for (const index of [1, 2, 3]) await expect(rowBox(rows.nth(index))).toBeDisabled();
    await rowBox(rows.nth(0)).check();
    await rowBox(rows.nth(4)).click({ modifiers: ['Shift'] });
    await expectToastShown(page, '3 of 5 not selected: no posting ledger');
    await expect(page.getByTestId('selection-summary')).toContainText('2 selected');

    // Every ready row of the page is selected: select all matching, which cannot take the others either.
    await page.getByRole('button', { name: `Select all ${count.format(total)} matching records` }).click();
    await expectToastShown(
      page,
      `${count.format(total - 2)} of ${count.format(total)} not selected: no posting ledger`,
    );
    await expect(page.getByTestId('selection-summary')).toContainText('2 selected');
  });
});
