import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from '../support/auth';
import { E2E_BASE_URL } from '../support/env';
import { SCREENS, openScreen } from '../support/screens';

/**
 * A screenshot of every screen of the route table (docs/spec/product-spec.md section 2) at desktop (1440x900) and phone (390x844) width,
 * into docs/screenshots/<screen>-<desktop|phone>.png (linked from the README). Each test first checks what
 * a user sees (heading, table, fields) and that no loading overlay is left.
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
