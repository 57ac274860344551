import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';
import { accountLabel, listFuel, openPostingScreen, pettyCash, searchRows } from '../support/posting-bulk';
import { selectBox } from '../support/posting';
import { cents, money } from '../support/vas';

// Bulk work on the posting screens (issue 12): 'Apply to rows' and the selection's count and total.
test.describe('posting screens: apply to rows', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('fills ledger, original quantity and pickup order on the rows; they are selected with their total', async ({
    page,
  }) => {
    const rows = await listFuel(page);
    const row = rows.at(-1)!;
    const [ledger] = await pettyCash(page);
    await openPostingScreen(page, '/advance/fuel');
    await searchRows(page, row.tripNumber);
    await expect(selectBox(page, row.id)).toBeDisabled();

    await page.getByRole('button', { name: 'Apply to rows' }).click();
    const bar = page.getByRole('region', { name: 'Apply to rows' });
    await expect(bar).toContainText('Apply to the 1 row on this page');
    await bar
      .getByRole('combobox', { name: 'Posting ledger' })
      .selectOption({ label: accountLabel(ledger!) });
    await bar.getByRole('textbox', { name: 'Pickup order number' }).fill('PU-BULK');
    await bar.getByRole('checkbox', { name: 'Collected quantity = original quantity' }).check();
    await bar.getByRole('button', { name: 'Apply', exact: true }).click();

    const trip = row.tripNumber;
    await expect(
      page.getByRole('combobox', { name: `Posting ledger of trip ${trip}`, exact: true }),
    ).toHaveValue(String(ledger!.id));
    await expect(
      page.getByRole('textbox', { name: `Pickup order number of trip ${trip}`, exact: true }),
    ).toHaveValue('PU-BULK');
    await expect(
      page.getByRole('textbox', { name: `Collected quantity of trip ${trip}`, exact: true }),
    ).toHaveValue(row.originQuantity);
    await expect(selectBox(page, row.id)).toBeChecked();
    // The count and the exact sum of the selected amounts (quantity x unit price, to the cent).
    await expect(page.getByTestId('selection-summary')).toHaveText(
      `1 selected · Total ${money(cents(row.originQuantity, row.unitPrice))}`,
    );
  });
});
