import { expect, test } from '@playwright/test';
import { signInAsAdmin, uniqueSuffix } from '../support/auth';
import { E2E_ADMIN } from '../support/env';
import { fieldError } from '../support/ui';
import { fillUser, openAddUser } from '../support/users';

// Add User: the form's own validation and the server's field errors on the matching fields.
test.describe('users', () => {
  test.beforeEach(async ({ page }) => signInAsAdmin(page));

  test('Add User validates every field and offers a searchable country code', async ({ page }) => {
    const dialog = await openAddUser(page);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'First Name')).toHaveText('First name is required');
    await expect(fieldError(page, 'Last Name')).toHaveText('Last name is required');
    await expect(fieldError(page, 'Email')).toHaveText('Invalid email');
    await expect(fieldError(page, 'Mobile')).toHaveText('Mobile number is required');
    await expect(fieldError(page, 'Role')).toHaveText('Role is required');

    await dialog.getByRole('textbox', { name: 'Email' }).fill('no-at-sign');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Email')).toHaveText('Invalid email');
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Amina');
    await expect(fieldError(page, 'First Name')).toHaveCount(0);

    const mobile = dialog.getByRole('textbox', { name: 'Mobile' });
    await expect(mobile).toHaveAttribute('placeholder', 'Enter valid number...');
    await expect(mobile).toHaveAttribute('type', 'tel');

    const country = dialog.getByRole('combobox', { name: 'Country code' });
    await expect(country).toHaveValue('(KE) +254');
    await country.click();
    await country.fill('uganda');
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option', { name: /\(UG\) \+256/ })).toBeVisible();
    await country.fill('+44');
    await expect(page.getByRole('option', { name: /\(GB\) \+44/ })).toBeVisible();
    await country.fill('TZ');
    await page.getByRole('option', { name: /\(TZ\) \+255/ }).click();
    await expect(country).toHaveValue('(TZ) +255');

    // Closing resets the form: the next opening starts blank with Kenya again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Country code' })).toHaveValue('(KE) +254');
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  });

  test('a taken e-mail is refused by the server on the Email field', async ({ page }) => {
    const dialog = await openAddUser(page);
    await fillUser(page, dialog, {
      first: 'Second',
      last: 'Admin',
      email: E2E_ADMIN.email.toUpperCase(),
      mobile: '0712 345 678',
      role: 'Administrator',
    });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Email')).toHaveText('The email has already been taken.');
    await expect(dialog).toBeVisible();
  });

  test('a phone_number error from the server is shown on the Mobile field', async ({ page }) => {
    const dialog = await openAddUser(page);
    await page.route('**/api/v1/users', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({
              message: 'The phone number is not a valid Kenyan number.',
              errors: { phone_number: ['The phone number is not a valid Kenyan number.'] },
            }),
          })
        : route.fallback(),
    );
    await fillUser(page, dialog, {
      first: 'Phone',
      last: 'Check',
      email: `phone.${uniqueSuffix()}@example.com`,
      mobile: '12',
      role: 'Administrator',
    });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(fieldError(page, 'Mobile')).toHaveText('The phone number is not a valid Kenyan number.');
    await expect(dialog).toBeVisible();
  });

  test("the server's own mobile number error lands on the Mobile field", async ({ page }) => {
    const dialog = await openAddUser(page);
    // Lenient in the browser (any digits pass), but longer than the server takes (32 characters).
    await fillUser(page, dialog, {
      first: 'Long',
      last: 'Number',
      email: `long-number.${uniqueSuffix()}@example.com`,
      mobile: '7'.repeat(40),
      role: 'Administrator',
    });
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/users') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const response = await answered;
    expect(response.status()).toBe(422);
    const { errors } = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors)).toEqual(['mobileNo']);
    await expect(fieldError(page, 'Mobile')).toHaveText(errors.mobileNo![0]!);
    await expect(fieldError(page, 'Email')).toHaveCount(0);
    await expect(dialog).toBeVisible();
  });
});
