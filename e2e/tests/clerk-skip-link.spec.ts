import { expect, test } from '@playwright/test';
import { signIn } from '../support/auth';

/**
 * Issue 26, item 16: a keyboard user reaches a screen's content without tabbing through the header and the
 * navigation's dozen links. The first Tab of a page shows 'Skip to main content'; Enter moves the focus into the
 * main area, and the next Tab is on the screen's own first control.
 */
test.describe('Skip to main content (issue 26, item 16)', () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test('the first Tab shows the skip link; Enter puts the next Tab inside the page, past the navigation', async ({
    page,
  }) => {
    await page.goto('/invoices/sales');
    await expect(page.getByRole('table', { name: 'Sales invoices' })).toBeVisible();
    // Start from the top of the document, as after a page load.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/invoices\/sales$/);

    await page.keyboard.press('Tab');
    const inMain = await page.evaluate(() => {
      const active = document.activeElement;
      return !!active && active !== document.body && !!active.closest('main');
    });
    expect(inMain, 'the Tab after the skip link lands inside the main area').toBe(true);

    // Out of focus the link is out of sight.
    await expect(skip).not.toBeInViewport();
  });
});
