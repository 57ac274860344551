/**
 * bench:web: what the SPA costs a browser, in the system Chromium (playwright-core).
 *
 * (a) Size: every JS and CSS file Chromium loads for /login (fresh profile) and for /users after a real
 *     sign-in (fresh cache, the session cookie kept), each gzipped here (level 6), against a bare Mantine
 *     app (bench/web-baseline: React + MantineProvider + TextInput + Button) built by the same Vite.
 *     Goal: under 2x the baseline. The app's entry chunk is broken down by package from a source-map build.
 * (b) Client-side search: 10,000 users in the Users screen's DataTable (/users; GET /api/v1/users stubbed
 *     with page.route, the sign-in real); from a keystroke in the shared table's search box to the first
 *     row's text changing. Median of 20 typed characters (and of the 20 Backspaces that undo them).
 *     Goal: under 50 ms. (The posting lists search on the server since issue 13: bench:scale.)
 * (c) Dashboard: from navigation start to the four count cards showing numbers, median of 5, on a real
 *     server with the start-up demo set (250 records per kind), then with 100,000 per kind.
 *
 * Both SPAs are built fresh into a temporary directory (apps/web/dist is left alone).
 * Options: --quick (skip the 100,000-row dashboard), --no-analyze (skip the source-map build).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { loadSample, log, onCleanup, ROOT, round, saveResult } from './lib/common.js';
import { ADMIN, analyze, createBenchDatabase, prepareDatabase, seedDemoRecords } from './lib/database.js';
import { CHROMIUM, CHROMIUM_ARGS, signInThroughForm, VIEWPORT } from './lib/browser.js';
import { startApiServer } from './lib/servers.js';
import { breakdowns, collectAssets, kb, serveStatic, viteBuild } from './lib/web-assets.js';
import { measureDashboard } from './lib/web-dashboard.js';
import { measureSearch } from './lib/web-search.js';
import { benchmark } from './lib/setup.js';

const QUICK = process.argv.includes('--quick');
const ANALYZE = !process.argv.includes('--no-analyze');

await benchmark('web', { minutes: 45, postgres: true }, async ({ machine, tmp }) => {
  // Builds: the app, the baseline, and (for the breakdown) the app again with source maps.
  const appDist = join(tmp.path, 'web');
  const baselineDist = join(tmp.path, 'baseline');
  const builds = {
    app: viteBuild(join(ROOT, 'apps/web'), appDist),
    baseline: viteBuild(join(ROOT, 'bench/web-baseline'), baselineDist),
  };
  const mapsDist = join(tmp.path, 'web-maps');
  if (ANALYZE) viteBuild(join(ROOT, 'apps/web'), mapsDist, ['--sourcemap']);

  const url = await createBenchDatabase('ff_bench_web');
  const database = await prepareDatabase(url);
  await seedDemoRecords(database, 250, ['sales-invoices', 'transporter-invoices', 'vas-transactions']);
  const server = await startApiServer({
    name: 'api',
    databaseUrl: url,
    sapUrl: 'http://127.0.0.1:9/b1s/v1', // nothing is posted in this benchmark
    dataDir: tmp.path,
    logFile: join(tmp.path, 'api.log'),
    env: { WEB_DIST_DIR: appDist, RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const baselineServer = await serveStatic(baselineDist);
  onCleanup(() => new Promise<void>((resolve) => baselineServer.server.close(() => resolve())));

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  onCleanup(() => browser.close());

  // (a) Sizes.
  const sizeLoad = loadSample();
  const loginContext = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT });
  const loginPage = await loginContext.newPage();
  const login = await collectAssets(loginPage, async () => {
    await loginPage.goto('/login');
    await loginPage.getByRole('textbox', { name: 'Email' }).waitFor();
  });
  await signInThroughForm(loginPage);
  const storageState = await loginContext.storageState();
  await loginContext.close();

  const usersContext = await browser.newContext({ baseURL: server.url, storageState, viewport: VIEWPORT });
  const usersPage = await usersContext.newPage();
  const users = await collectAssets(usersPage, async () => {
    await usersPage.goto('/users');
    await usersPage.getByRole('cell', { name: ADMIN.email }).first().waitFor({ timeout: 60_000 });
  });
  await usersContext.close();

  const baselineContext = await browser.newContext();
  const baselinePage = await baselineContext.newPage();
  const baseline = await collectAssets(baselinePage, async () => {
    await baselinePage.goto(baselineServer.url);
    await baselinePage.getByRole('button', { name: 'Log In' }).waitFor();
  });
  await baselineContext.close();
  const sizes = {
    load: sizeLoad,
    login,
    users,
    baseline,
    loginRatio: round(login.gzip / baseline.gzip, 2),
    usersRatio: round(users.gzip / baseline.gzip, 2),
    goal: 2,
    // What the big chunks hold (minified bytes per package, from the source-map build of the same source).
    chunkBreakdown: ANALYZE ? breakdowns(mapsDist, [...login.files, ...users.files]) : undefined,
  };
  log(
    `(a) gzip JS+CSS: /login ${kb(login.gzip)}, /users ${kb(users.gzip)}, baseline ${kb(baseline.gzip)}: x${sizes.loginRatio} / x${sizes.usersRatio} (goal < 2)`,
  );

  // (b) Client-side search in a 10,000-row DataTable (the Users screen).
  const search = await measureSearch(browser, server.url, storageState);
  log(
    `(b) keystroke to updated Users table (10,000 rows, client-side search): typed p50 ${search.typed.medianMs} ms, Backspace p50 ${search.backspace.medianMs} ms (goal < 50 ms)`,
  );

  // (c) Dashboard, small then big.
  const dashboard = [];
  dashboard.push({ rowsPerKind: 250, ...(await measureDashboard(browser, server.url, storageState)) });
  log(`(c) dashboard, 250 per kind: median ${dashboard[0]!.medianMs} ms`);
  if (!QUICK) {
    await seedDemoRecords(
      database,
      100_000 - 250,
      ['sales-invoices', 'transporter-invoices', 'vas-transactions'],
      'big',
    );
    await analyze(url, ['sales_invoices', 'transporter_invoices', 'vas_transactions']);
    dashboard.push({ rowsPerKind: 100_000, ...(await measureDashboard(browser, server.url, storageState)) });
    log(`(c) dashboard, 100,000 per kind: median ${dashboard[1]!.medianMs} ms`);
  }
  await database.close();
  await server.stop();

  saveResult('web', { benchmark: 'bench:web', machine, builds, sizes, search, dashboard });
});
