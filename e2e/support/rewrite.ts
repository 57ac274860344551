import type { Page, Route } from '@playwright/test';

/**
 * Why a route's fetch or fulfil failed when the page, not the server, ended the request: the page navigated
 * or reloaded while the answer was on its way, so Playwright disposed of the response (or the route).
 */
const GONE =
  /Response has been disposed|Target page, context or browser has been closed|Route is already handled|Request context disposed/;

/**
 * Edits the server's JSON answers to `url` on their way to the page (the demo data has no failed rows, empty
 * amounts, ...): each matching GET is sent to the real server and its body passed through `rewrite`; other
 * methods go through untouched. A request the page abandons mid-way (a navigation while a list refetches) is
 * dropped quietly instead of failing the test with "Response has been disposed" (a CI flake of the clean clone).
 */
export async function rewriteJson<T>(
  page: Page,
  url: string,
  rewrite: (body: T, route: Route) => T,
): Promise<void> {
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    try {
      const response = await route.fetch();
      const body = rewrite((await response.json()) as T, route);
      await route.fulfill({ response, json: body });
    } catch (error) {
      if (error instanceof Error && GONE.test(error.message)) return;
      throw error;
    }
  });
}
