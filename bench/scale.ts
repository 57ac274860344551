/**
 * bench:scale (issue 13): does a screen's cost follow the page rather than the backlog? PostgreSQL at
 * BENCH_PG_URL; every figure beside its baseline, measured in the same run.
 *
 * Data (bench/lib/scale-data.ts, INSERT ... SELECT generate_series): a big database with 1,000,000 records per
 * kind (sales invoices, transporter invoices with both journal steps, cash, fuel, VAS; 3 years of document
 * dates, the last 60 days still to post with 0.5% failed, older ones posted) and a small one with 250 per
 * kind in the same shape, each migrated by the server's migrations, then VACUUM ANALYZE.
 *
 * 1. Dashboard: navigation to the four numbers in Chromium (big vs small), the summary statement's EXPLAIN
 *    ANALYZE and GET /api/v1/dashboard timed inside the server. Goals: within 1.3x; statement under 100 ms.
 * 2. Lists: a list screen's first rows after navigation (warm server; the screen's default range holds the
 *    same rows as 365 days, since every row still to post is under 60 days old), a search typed into it (from
 *    the end of the debounce and from the key), and one page (perPage 100, a 365-day range) of each list
 *    through the API (autocannon, 10 connections) against the same statement in a bare node-postgres script.
 *    Goals: under 300 ms; under 200 ms after the debounce; within 1.5x.
 * 3. API resident memory while 10 clients fetch a 100,000-row full-array list at once, today's code
 *    (`git archive a88f91f` in --baseline-root, `npm ci` there) first, then this tree. Goal: under 300 MB.
 * 4. Import: bench/lib/scale-import.ts (measureImport) when present: 1,000,000 rows against a bare COPY.
 * 5. Posting to the simulator at 300 ms mean latency with jitter (150-450 ms): share of 16 / 0.3 s.
 * 6. Embedded server (PGlite) resident memory idle and after a 100,000-row list, PGlite's defaults against
 *    apps/server/src/db/pglite-options.ts, and PGlite alone under candidate settings.
 * 7. The dashboard at the API (issue 30) in both shapes after ANALYZE: the big database above and a third one
 *    with as many records per kind all still to post (a company importing its historic trips on day one).
 *    Goal: GET /api/v1/dashboard p95 under 100 ms inside the server in both.
 *
 * Options: --rows N (per kind, default 1000000), --small N (250), --only 1,2,3,4,5,6,7 (some figures only:
 * written to bench/results/scale-partial.json), --baseline-root DIR
 * (default /work/baseline), --page-requests N (per run, 1000), --page-rounds N (2), --posting-records N (1000),
 * --import-rows N (1000000), --embedded-rows N (100000), --dashboard-runs N (30).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchOptions, log, RESULTS_DIR, ROOT, round, saveResult } from './lib/common.js';
import {
  analyze,
  createBenchDatabase,
  PG_BASE_URL,
  prepareDatabase,
  TIME_ZONE,
  todayOf,
  withClient,
} from './lib/database.js';
import { benchmark } from './lib/setup.js';
import { generateScaleData, SCALE_TABLES, type ScaleShape } from './lib/scale-data.js';
import { measureScreens } from './lib/scale-screens.js';
import { measureTreeRss } from './lib/scale-rss.js';
import { measurePosting } from './lib/scale-posting.js';
import { measureEmbedded } from './lib/scale-embedded-run.js';
import { viteBuild } from './lib/web-assets.js';
import { measureDashboardShapes } from './lib/scale-dashboard-shapes.js';

const options = benchOptions({
  rows: 1_000_000,
  small: 250,
  only: '1,2,3,4,5,6,7',
  'baseline-root': '/work/baseline',
  'page-requests': 1000,
  'page-rounds': 2,
  'posting-records': 1000,
  'import-rows': 1_000_000,
  'embedded-rows': 100_000,
  'dashboard-runs': 30,
});
const FIGURES = 7;
const ONLY = new Set(options.only.split(','));

/** A fresh database migrated and seeded as a deployed server's, filled in the scale shape; seconds taken. */
async function scaleDatabase(name: string, shape: ScaleShape) {
  const url = await createBenchDatabase(name);
  const database = await prepareDatabase(url);
  const pool = database.pool!;
  const started = performance.now();
  const perTable = await generateScaleData((text, params) => pool.query(text, params), shape, { log });
  await database.close();
  const generated = performance.now();
  await analyze(url, SCALE_TABLES);
  const seconds = {
    generate: round((generated - started) / 1000),
    vacuumAnalyze: round((performance.now() - generated) / 1000),
    perTable,
  };
  log(
    `${name}: ${shape.perKind} per kind generated in ${seconds.generate} s, VACUUM ANALYZE ${seconds.vacuumAnalyze} s`,
  );
  return { url, perKind: shape.perKind, seconds };
}

/** How many sales invoices of a database still await posting (the shapes' label). */
const awaiting = (url: string) =>
  withClient(url, async (client) =>
    Number(
      (
        await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM sales_invoices WHERE status IN ('unposted', 'failed')`,
        )
      ).rows[0]!.n,
    ),
  );

/** totalSeconds counts from here, the set-up included. */
const startedAt = performance.now();
await benchmark('scale', { minutes: 60, postgres: true }, async ({ machine, tmp }) => {
  const result: Record<string, unknown> = {
    benchmark: 'bench:scale',
    machine,
    rowsPerKind: options.rows,
    smallPerKind: options.small,
  };
  const withTime = () => ({ ...result, totalSeconds: round((performance.now() - startedAt) / 1000) });
  // After each figure the latest file (a later failure keeps what was measured); history once, at the end.
  // A run of some figures only (--only) goes to scale-partial.json, never to the full run's file or the history.
  const partial = ONLY.size < FIGURES;
  const file = join(RESULTS_DIR, partial ? 'scale-partial.json' : 'scale.json');
  const save = () => writeFileSync(file, `${JSON.stringify(withTime(), null, 2)}\n`);
  const today = todayOf();
  const shape = (perKind: number): ScaleShape => ({
    perKind,
    spanDays: 1095,
    toPostDays: 60,
    today,
    timeZone: TIME_ZONE,
  });

  let big: Awaited<ReturnType<typeof scaleDatabase>> | undefined;
  if (ONLY.has('1') || ONLY.has('2') || ONLY.has('5') || ONLY.has('7')) {
    big = await scaleDatabase('ff_bench_scale_big', shape(options.rows));
    result.data = {
      method: 'INSERT ... SELECT generate_series',
      shape: shape(options.rows),
      big: big.seconds,
    };
  }
  if (big && (ONLY.has('1') || ONLY.has('2'))) {
    const small = await scaleDatabase('ff_bench_scale_small', shape(options.small));
    (result.data as Record<string, unknown>).small = small.seconds;
    const webDist = join(tmp.path, 'web');
    result.webBuild = viteBuild(join(ROOT, 'apps/web'), webDist);
    result.screens = await measureScreens({
      dir: tmp.path,
      webDist,
      big,
      small,
      today,
      pageRequests: options['page-requests'],
      pageRounds: options['page-rounds'],
    });
    save();
  }
  if (big && ONLY.has('7')) {
    // Measured before figure 5 posts into the big database would change its shape.
    const backlogShape = { ...shape(options.rows), toPostDays: 1095 };
    const backlog = await scaleDatabase('ff_bench_scale_backlog', backlogShape);
    (result.data as Record<string, unknown>).backlog = { shape: backlogShape, ...backlog.seconds };
    result.dashboardShapes = await measureDashboardShapes({
      dir: tmp.path,
      runs: options['dashboard-runs'],
      shapes: [
        { label: 'usual', url: big.url, perKind: options.rows, awaitingPerKind: await awaiting(big.url) },
        {
          label: 'backlog',
          url: backlog.url,
          perKind: options.rows,
          awaitingPerKind: await awaiting(backlog.url),
        },
      ],
    });
    save();
  }
  if (big && ONLY.has('5')) {
    result.posting = await measurePosting({
      dbUrl: big.url,
      dir: tmp.path,
      records: options['posting-records'],
      batches: [500, 100],
    });
    save();
  }
  if (ONLY.has('3')) {
    const rss = [];
    if (existsSync(join(options['baseline-root'], 'node_modules')))
      rss.push(
        await measureTreeRss({
          label: 'today (a88f91f)',
          root: options['baseline-root'],
          build: 'source',
          database: 'ff_bench_scale_rss_before',
          dir: tmp.path,
        }),
      );
    else log(`No ${options['baseline-root']}/node_modules: today's code is not measured (see the options).`);
    rss.push(
      await measureTreeRss({
        label: 'this tree',
        root: ROOT,
        build: 'source',
        database: 'ff_bench_scale_rss_after',
        dir: tmp.path,
      }),
    );
    // How much of that peak is garbage V8 has not collected yet: the same with a small old space.
    const small = ['--max-old-space-size=128'];
    try {
      rss.push(
        await measureTreeRss({
          label: 'this tree, --max-old-space-size=128',
          root: ROOT,
          build: 'source',
          database: 'ff_bench_scale_rss_gc',
          dir: tmp.path,
          nodeArgs: small,
        }),
      );
    } catch (error) {
      log(`With ${small.join(' ')} the server failed: ${(error as Error).message}`);
      rss.push({ label: 'this tree, --max-old-space-size=128', failed: (error as Error).message });
    }
    result.rss = rss;
    save();
  }
  if (ONLY.has('4')) {
    const module = join(ROOT, 'bench/lib/scale-import.ts');
    if (existsSync(module)) {
      const { measureImport } = (await import('./lib/scale-import.js')) as {
        measureImport: (o: {
          pgUrl: string;
          rows: number;
          log: (line: string) => void;
          port?: number;
        }) => Promise<unknown>;
      };
      result.import = await measureImport({
        pgUrl: PG_BASE_URL,
        rows: options['import-rows'],
        log,
        port: 8590,
      });
    } else log('bench/lib/scale-import.ts is absent: no import figure.');
    save();
  }
  if (ONLY.has('6')) {
    result.embedded = await measureEmbedded({ dir: tmp.path, rows: options['embedded-rows'] });
    save();
  }
  if (partial) save();
  else saveResult('scale', withTime());
  log(`bench:scale done in ${round((performance.now() - startedAt) / 60_000)} min`);
});
