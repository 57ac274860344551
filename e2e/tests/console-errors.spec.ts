import { expect, test } from '@playwright/test';
import { signInThroughForm } from '../support/auth';
import { collectConsoleErrors } from '../support/console';
import { E2E_BASE_URL } from '../support/env';
import { SCREENS, expectNoLoadingOverlay, openScreen } from '../support/screens';

/**
 * A page load logs nothing red in the browser console: no failed request (Chromium logs every 4xx/5xx
 * answer), no React warning, no uncaught exception. Signed out, the start-up session check must not be a
 * request that fails (issue 12, defect 9: every signed-out load logged a failed `GET /user` 401).
 */

test.describe('console errors', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a signed-out load of /login, /forgot-password and a deep link logs no console error', async ({
    page,
  }) => {
    const console = collectConsoleErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    // A deep link into the app goes to the login screen (with its notice), still without a failed request.
    await page.goto('/invoices/sales?search=KBZ');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
    await expect(page.getByText('Please log in to continue.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(console.errors, 'console errors of the signed-out page loads').toEqual([]);
  });

  test("every screen's load, signed in as the administrator, logs no console error", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      const console = collectConsoleErrors(page);
      await signInThroughForm(page);
      await expectNoLoadingOverlay(page);
      expect(console.errors, 'console errors of the sign-in').toEqual([]);
      const found: string[] = [];
      for (const screen of SCREENS.filter((s) => s.access === 'signed-in')) {
        console.clear();
        await openScreen(page, screen);
        await page.waitForLoadState('networkidle');
        found.push(...console.errors.map((error) => `${screen.title} (${screen.path}): ${error}`));
      }
      expect(found, 'console errors of the signed-in screens').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
