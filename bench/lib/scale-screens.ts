import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { log, onCleanup, ROOT } from './common.js';
import { CHROMIUM, CHROMIUM_ARGS, signInThroughForm, VIEWPORT } from './browser.js';
import { addDays } from './database.js';
import { call, signIn } from './http.js';
import { measureFirstRows, measureInAppNavigation, measureSearch, type ListScreen } from './scale-browser.js';
import { explainSummary, timeSummaryRequests } from './scale-dashboard.js';
import { measurePageApi, type PageRun } from './scale-list-api.js';
import { startTreeServer } from './scale-servers.js';
import { measureDashboard } from './web-dashboard.js';

/**
 * bench:scale figures 1 and 2, each on the big database (1,000,000 per kind) beside the small one (250 per
 * kind, same shape): the dashboard in Chromium and its summary statement, a list screen's first rows and a
 * search in it, and one page of each list through the API against the same statement in a bare script.
 */

const SALES: ListScreen = { path: '/invoices/sales', table: 'Sales invoices' };
const PAGE_LISTS: RecordKindName[] = [
  'salesInvoice',
  'firstJournal',
  'cashAdvance',
  'fuelAdvance',
  'vasTransaction',
];

/** Search terms a user would type to find a trip: the digits of trip numbers spread over the list. */
async function searchTerms(dbUrl: string, count: number, firstRowText: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ trip: string }>(
      `SELECT trip_number AS trip FROM sales_invoices WHERE status = 'unposted' AND id % 997 = 0 ORDER BY id LIMIT 50`,
    );
    const terms = rows.map((r) => r.trip.slice(-7)).filter((t) => !firstRowText.toLowerCase().includes(t));
    return terms.filter((_, i) => i % Math.max(1, Math.floor(terms.length / count)) === 0).slice(0, count);
  } finally {
    await client.end();
  }
}

export type ScreensOptions = {
  dir: string;
  webDist: string;
  big: { url: string; perKind: number };
  small: { url: string; perKind: number };
  today: string;
  pageRequests: number;
  pageRounds: number;
};

/** Starts an API per database (in turn), measures both, and answers every figure of 1 and 2. */
export async function measureScreens(options: ScreensOptions) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  onCleanup(() => browser.close());
  const fromDate = addDays(options.today, -364);
  const toDate = options.today;
  const dashboard: Record<string, unknown>[] = [];
  const firstRows: Record<string, unknown>[] = [];
  let search: Awaited<ReturnType<typeof measureSearch>> | undefined;
  let pages: Awaited<ReturnType<typeof measurePageApi>>[] = [];
  for (const [size, db] of [
    ['small', options.small],
    ['big', options.big],
  ] as const) {
    const server = await startTreeServer({
      name: `api-${size}`,
      root: ROOT,
      databaseUrl: db.url,
      dataDir: options.dir,
      logFile: join(options.dir, `api-${size}.log`),
      env: { WEB_DIST_DIR: options.webDist },
    });
    const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT });
    const page = await context.newPage();
    await page.goto('/login');
    await signInThroughForm(page);
    const storageState = await context.storageState();
    await context.close();
    const session = await signIn(server.url);

    const statement = await explainSummary(db.url);
    const requests = await timeSummaryRequests(server, session);
    const inBrowser = await measureDashboard(browser, server.url, storageState);
    log(`(1) dashboard, ${db.perKind} per kind: ${inBrowser.medianMs} ms to the numbers`);
    dashboard.push({ size, rowsPerKind: db.perKind, statement, requests, ...inBrowser });

    const inApp = await measureInAppNavigation(browser, server.url, storageState, SALES);
    const pageLoad = await measureFirstRows(browser, server.url, storageState, SALES);
    log(
      `(2a) ${SALES.path}, ${db.perKind} per kind: first rows ${inApp.medianMs} ms after the nav link's click, ${pageLoad.medianMs} ms after a page load`,
    );
    firstRows.push({ size, rowsPerKind: db.perKind, ...inApp, pageLoad });

    if (size === 'big') {
      const first = await call<{ data: Record<string, unknown>[] }>(
        session,
        'GET',
        `${RECORD_KINDS_PLAIN.salesInvoice.apiPath}?page=1&perPage=1`,
      );
      const terms = await searchTerms(db.url, 7, Object.values(first.body.data[0] ?? {}).join(' '));
      search = await measureSearch(browser, server.url, storageState, SALES, terms);
      log(
        `(2b) search: ${search.afterDebounceMedianMs} ms after the debounce, ${search.totalMedianMs} ms from the key (median of ${terms.length})`,
      );
      const page = { fromDate, toDate, perPage: 100, connections: 10 };
      const runs: PageRun[] = [
        ...PAGE_LISTS.map((list) => ({ ...page, list, requests: options.pageRequests })),
        // A sorted page and a searched page of the biggest screen, as the user's clicks and typing ask them;
        // a fifth of the requests: a sort over every matching row costs a sort of all of them per page.
        ...[{ sort: 'amount:desc' }, { search: search?.samples[0]?.term ?? '0001' }].map((view) => ({
          ...page,
          list: 'salesInvoice' as const,
          ...view,
          requests: Math.ceil(options.pageRequests / 5),
        })),
      ];
      pages = [];
      for (const run of runs)
        pages.push(
          await measurePageApi({
            dir: options.dir,
            dbUrl: db.url,
            serverUrl: server.url,
            cookie: session.cookieHeader(),
            run,
            rounds: options.pageRounds,
          }),
        );
    }
    await server.stop();
  }
  return { range: { fromDate, toDate }, dashboard, firstRows, search, pages };
}
