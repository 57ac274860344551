import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../support/auth';

const SENTENCE = "The page you're looking for doesn't exist. Let us help you find your way back.";

test.describe('not-found page', () => {
  test('an unknown path shows "404 Error", the sentence and Go Back to /', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Error' })).toBeVisible();
    await expect(page.getByText(SENTENCE, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: /truck/i })).toBeVisible();
    // It stands alone, outside the signed-in layout.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('mistyped screen paths are not found either', async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of ['/invoices', '/setting', '/users/42', '/logs/']) {
      await page.goto(path);
      if (path === '/logs/') {
        // A trailing slash still reaches the screen.
        await expect(page.getByRole('heading', { name: 'Audit Logs', level: 1 })).toBeVisible();
        continue;
      }
      await expect(page.getByRole('heading', { name: '404 Error' }), path).toBeVisible();
    }
  });

  test('signed out, an unknown path is still the not-found page and Go Back leads to the login', async ({
    page,
  }) => {
    await page.goto('/definitely-not-here');
    await expect(page.getByRole('heading', { name: '404 Error' })).toBeVisible();
    await expect(page.getByText(SENTENCE, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
