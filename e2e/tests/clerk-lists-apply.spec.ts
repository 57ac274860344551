import { expect, test } from '@playwright/test';
import {
  cashTable,
  ledgerLabel,
  listCash,
  openCashAdvance,
  pettyCashLedgers,
  rowLedger,
  shortDay,
} from '../support/clerk-lists';
import {
  addDays,
  dayLabel,
  parseServerDateTime,
  postButton,
  postingDateInput,
  setUpRowInputScreen,
} from '../support/posting';
import { searchRows } from '../support/posting-bulk';
import { expectToastShown } from '../support/toast-log';

/**
 * Issue 26, defect 2: after a post, 'Apply to rows' starts afresh. Before the fix the bar kept the posting
 * date applied to the 2 posted rows; choosing a ledger then and pressing Apply put that date into all 100
 * rows of the page (the selection had gone with the post) and selected them, without asking.
 */
test.describe('Apply to rows after a post (issue 26, defect 2)', () => {
  setUpRowInputScreen();

  test('the bar is empty after a post, and applying to the whole page asks first', async ({ page }) => {
    const rows = await listCash(page);
    const [ledger] = await pettyCashLedgers(page);
    const yesterday = addDays(new Date(), -1);
    // Two rows whose document date allows yesterday as their posting date.
    const [first, second] = rows.filter(
      (row) => parseServerDateTime(row.documentDate) < addDays(yesterday, -1),
    );
    await openCashAdvance(page);

    // Select two rows (a ledger each), then apply yesterday's date to them and post them.
    for (const row of [first!, second!]) {
      await searchRows(page, row.tripNumber);
      await rowLedger(page, row.tripNumber).selectOption({ label: ledgerLabel(ledger!) });
      await cashTable(page)
        .getByRole('checkbox', { name: `Select trip ${row.tripNumber}`, exact: true })
        .check();
    }
    await page.getByRole('button', { name: 'Apply to rows' }).click();
    const bar = page.getByRole('region', { name: 'Apply to rows' });
    await expect(bar).toContainText('Apply to the 2 selected rows');
    await bar.getByRole('button', { name: 'Posting date' }).click();
    const picker = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('button', { name: 'Confirm posting date' }) });
    await picker.getByRole('button', { name: dayLabel(yesterday), exact: true }).click();
    await picker.getByRole('button', { name: 'Confirm posting date' }).click();
    await expect(bar.getByRole('button', { name: 'Posting date' })).toContainText(shortDay(yesterday));
    await bar.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(postingDateInput(page, second!.tripNumber)).toContainText(shortDay(yesterday));
    await postButton(page).click();
    await expectToastShown(page, 'Success');
    await expect(postButton(page)).toBeDisabled({ timeout: 60_000 });

    // Back to the whole first page: nothing is selected, the bar is still open, and empty.
    await page.getByRole('textbox', { name: 'Search records' }).fill('');
    await expect(page.getByText(/^Showing 100 of \d+ records$/)).toBeVisible({ timeout: 30_000 });
    await expect(bar).toContainText('Apply to the 100 rows on this page');
    await expect(bar.getByRole('button', { name: 'Posting date' })).not.toContainText(shortDay(yesterday));

    // Choosing only a ledger and Apply asks before changing the 100 rows; Cancel changes nothing.
    await bar.getByRole('combobox', { name: 'Posting ledger' }).selectOption({ label: ledgerLabel(ledger!) });
    await bar.getByRole('button', { name: 'Apply', exact: true }).click();
    const question = bar.getByRole('group', { name: 'Confirm apply to the page' });
    await expect(question).toContainText('Apply to all 100 rows on this page?');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    const shownFirst = cashTable(page).getByRole('rowgroup').last().getByRole('row').first();
    await expect(shownFirst.getByRole('combobox', { name: /^Posting ledger of trip / })).toHaveValue('');

    await bar.getByRole('button', { name: 'Apply', exact: true }).click();
    await bar.getByRole('button', { name: 'Apply to all 100 rows' }).click();
    await expectToastShown(page, 'Applied to 100 rows; 100 selected.');
    // The ledger only: no row took the date of the earlier use of the bar.
    await expect(shownFirst.getByRole('combobox', { name: /^Posting ledger of trip / })).toHaveValue(
      String(ledger!.id),
    );
    await expect(
      cashTable(page)
        .getByRole('button', { name: /^Posting date of trip / })
        .filter({ hasText: shortDay(yesterday) }),
    ).toHaveCount(0);
    // Each Apply is one use: the bar is empty again.
    await expect(bar.getByRole('combobox', { name: 'Posting ledger' })).toHaveValue('');
  });
});
