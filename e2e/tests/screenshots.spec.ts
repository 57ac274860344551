import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import { SCREENS, applyColorScheme, openScreen } from '../support/screens';

/**
 * A screenshot of every screen of the route table (docs/spec/product-spec.md section 2) at desktop (1440x900) and phone (390x844) width,
 * into docs/screenshots/<screen>-<desktop|phone>.png (linked from the README). Each test first checks what
 * a user sees (heading, table, fields) and that no loading overlay is left. Then a few states worth
 * showing (issue 12): a posting screen with its "Apply to rows" bar, the whole dashboard with its charts, and
 * the dashboard in the dark scheme.
 */
const OUT_DIR = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1440, height: 900 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
] as const;

test.beforeAll(() => mkdirSync(OUT_DIR, { recursive: true }));

for (const { label, viewport } of VIEWPORTS) {
  test.describe(`screenshots at ${label} width (${viewport.width}x${viewport.height})`, () => {
    // First renders of 100 rows of inputs are slow on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    // One signed-in and one signed-out browser context per width: the sign-in is done once.
    let signedIn: BrowserContext;
    let signedOut: BrowserContext;
    let signedInPage: Page;
    let signedOutPage: Page;

    test.beforeAll(async ({ browser }) => {
      const options = { baseURL: E2E_BASE_URL, viewport, reducedMotion: 'reduce' as const };
      signedOut = await browser.newContext(options);
      signedOutPage = await signedOut.newPage();
      signedIn = await browser.newContext(options);
      signedInPage = await signedIn.newPage();
      await signIn(signedInPage);
    });

    test.afterAll(async () => {
      await signedIn?.close();
      await signedOut?.close();
    });

    for (const screen of SCREENS) {
      test(`${screen.title} (${screen.path})`, async () => {
        const page = screen.access === 'public' ? signedOutPage : signedInPage;
        await openScreen(page, screen);
        // The page really is this wide: nothing forces a horizontal scroll of the whole page.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${screen.title} fits ${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
        await page.mouse.move(0, 0);
        await page.screenshot({
          path: `${OUT_DIR}${screen.name}-${label}.png`,
          animations: 'disabled',
          caret: 'hide',
        });
      });
    }
  });
}

test.describe('screenshots of states worth showing (desktop)', () => {
  test.describe.configure({ timeout: 180_000 });
  const viewport = VIEWPORTS[0].viewport;

  test('Cash Advance with the "Apply to rows" bar open', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await signIn(page);
      await openScreen(
        page,
        SCREENS.find((s) => s.name === 'cash-advance')!,
      );
      await page.getByRole('button', { name: 'Apply to rows' }).click();
      const bar = page.getByRole('region', { name: 'Apply to rows' });
      await expect(bar).toBeVisible({ timeout: 30_000 });
      await page.mouse.move(0, 0);
      await page.screenshot({
        path: `${OUT_DIR}cash-advance-apply-bar-desktop.png`,
        animations: 'disabled',
        caret: 'hide',
      });
    } finally {
      await context.close();
    }
  });

  test('the whole Dashboard with its charts', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport, reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await signIn(page);
      await openScreen(
        page,
        SCREENS.find((s) => s.name === 'dashboard')!,
      );
      await page.mouse.move(0, 0);
      await page.screenshot({
        path: `${OUT_DIR}dashboard-charts-desktop.png`,
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    } finally {
      await context.close();
    }
  });

  test('the Dashboard in the dark scheme', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport, reducedMotion: 'reduce' });
    try {
      await applyColorScheme(context, 'dark');
      const page = await context.newPage();
      await signIn(page);
      await openScreen(
        page,
        SCREENS.find((s) => s.name === 'dashboard')!,
      );
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await page.mouse.move(0, 0);
      // The whole page: the cards, the tables and the charts below them.
      await page.screenshot({
        path: `${OUT_DIR}dashboard-dark-desktop.png`,
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
      });
    } finally {
      await context.close();
    }
  });
});
