import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../support/env';
import { signIn } from '../support/auth';
import { listFuel, openPostingScreen, searchRows } from '../support/posting-bulk';

// Drafts survive (issue 12): typed values come back after a reload and after signing out and in again.
test.describe('posting screens: drafts survive', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => signIn(page));

  test('the pickup order number and quantity typed into a row survive a reload and a new sign-in', async ({
    page,
  }) => {
    const row = (await listFuel(page)).at(-2)!;
    const trip = row.tripNumber;
    const pickup = () =>
      page.getByRole('textbox', { name: `Pickup order number of trip ${trip}`, exact: true });
    const quantity = () =>
      page.getByRole('textbox', { name: `Collected quantity of trip ${trip}`, exact: true });
    await openPostingScreen(page, '/advance/fuel');
    await searchRows(page, trip);
    await pickup().fill('PU-DRAFT');
    await quantity().fill('1.5');

    await page.reload();
    await expect(page.getByText(/^Showing \d+ of \d+ records$/)).toBeVisible({ timeout: 90_000 });
    await searchRows(page, trip);
    await expect(pickup()).toHaveValue('PU-DRAFT');
    await expect(quantity()).toHaveValue('1.5');

    await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page);
    await openPostingScreen(page, '/advance/fuel');
    await searchRows(page, trip);
    await expect(pickup()).toHaveValue('PU-DRAFT');
    await expect(quantity()).toHaveValue('1.5');
  });
});
