/**
 * bench:list: the "still to post" list API on PostgreSQL with 100,000 records per kind.
 *
 * For each list (sales invoices, first transporter journal, cash, fuel, VAS), a 30-day range (about half of the demo's
 * 60-day window, so ~50,000 rows and ~20 MB of JSON per answer):
 *   1. baseline: the same SQL + JSON.stringify in a bare node-postgres script, 10 concurrent callers;
 *   2. drizzle variant: the server's repository + JSON.stringify, no HTTP (splits the overhead);
 *   3. API: GET /api/v1/<list>?fromDate&toDate through the real server (main.ts on Postgres), signed in
 *      once through /sanctum/csrf-cookie + /login, autocannon with 10 connections.
 * Each variant makes 30 requests (3 per caller; ~15 s on a quiet machine).
 * Goal: API p50 (and req/s) within 1.5x of the baseline.
 *
 * Each list runs `--rounds` times (baseline, drizzle variant, API back to back); ratios are paired per round.
 * Options: --rows N (records per kind, default 100000), --requests N (per run, default 30), --rounds N (default 2).
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { RECORD_KINDS_PLAIN } from '@ff/contract';
import { benchOptions, log, median, round, saveResult } from './lib/common.js';
import { addDays, analyze, createBenchDatabase, prepareDatabase, seedDemoRecords } from './lib/database.js';
import { signIn } from './lib/http.js';
import { explain, runAutocannon, runScript, type Figures, type RunLoad } from './lib/list-runs.js';
import { startApiServer } from './lib/servers.js';
import { benchmark } from './lib/setup.js';

/**
 * `requests`: per variant and round, 3 per connection. Each answer is ~20 MB, so a fixed ~15 s window would end
 * with most requests still in flight on a loaded 2-core machine; a count bounds the run instead (with a
 * 120 s timeout per request and the benchmark's deadline as the time bounds).
 */
const options = benchOptions({ rows: 100_000, requests: 30, rounds: 2 });
const CONNECTIONS = 10;

/** The lists measured, by registry kind (the second journal's list is the first's rows once posted). */
const LISTS = (['salesInvoice', 'firstJournal', 'cashAdvance', 'fuelAdvance', 'vasTransaction'] as const).map(
  (kind) => ({
    kind,
    path: RECORD_KINDS_PLAIN[kind].apiPath,
  }),
);

/** What every run of every list pushes. */
const LOAD: RunLoad = { connections: CONNECTIONS, requests: options.requests };

await benchmark('list', { minutes: 40, postgres: true }, async ({ machine, tmp }) => {
  const url = await createBenchDatabase('ff_bench_list');
  const database = await prepareDatabase(url);
  const seedStarted = Date.now();
  const seeded = await seedDemoRecords(database, options.rows);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  await database.close();
  await analyze(url, [
    'sales_invoices',
    'transporter_invoices',
    'cash_advances',
    'fuel_advances',
    'vas_transactions',
  ]);
  const fromDate = addDays(seeded.today, -30);
  const toDate = addDays(seeded.today, -1);
  log(`Range ${fromDate} .. ${toDate}`);

  const server = await startApiServer({
    name: 'api',
    databaseUrl: url,
    sapUrl: 'http://127.0.0.1:9/b1s/v1', // never called by list requests
    dataDir: tmp.path,
    logFile: join(tmp.path, 'api.log'),
    // The default 600/minute per IP would answer 429 to a load generator; every other setting is production's.
    env: { RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const session = await signIn(server.url);
  const cookie = session.cookieHeader();

  const results = [];
  for (const list of LISTS) {
    const query = `?fromDate=${fromDate}&toDate=${toDate}`;
    const target = `${server.url}${list.path}${query}`;

    // The plan PostgreSQL picks for this list (EXPLAIN ANALYZE of the exact statement).
    const plan = await explain(url, list.kind, fromDate, toDate);

    // Correctness first: the API body and the baseline's body must be the same bytes.
    const single: number[] = [];
    let apiBody = '';
    for (let i = 0; i < 3; i += 1) {
      const t0 = performance.now();
      const response = await fetch(target, { headers: { cookie, accept: 'application/json' } });
      apiBody = await response.text();
      single.push(performance.now() - t0);
      if (response.status !== 200)
        throw new Error(`${list.path} answered ${response.status}: ${apiBody.slice(0, 200)}`);
    }
    const rows = (JSON.parse(apiBody) as { data: unknown[] }).data.length;
    const apiSha = createHash('sha256').update(apiBody).digest('hex');
    log(
      `${list.path}: ${rows} rows, ${(Buffer.byteLength(apiBody) / 1e6).toFixed(1)} MB; single requests ${single.map((t) => t.toFixed(0)).join(', ')} ms`,
    );

    // `--rounds` x (baseline, drizzle variant, API), back to back so each triple shares the machine's load.
    const rounds: { baseline: Figures; drizzle: Figures; api: Figures }[] = [];
    let identicalBody = true;
    let sql = '';
    for (let r = 0; r < options.rounds; r += 1) {
      // Baseline in its own process, with the server idle; then the drizzle variant (the API minus HTTP).
      const baselineRun = await runScript(tmp.path, url, list.kind, fromDate, toDate, 'pg', LOAD);
      sql = baselineRun.raw.sql;
      if (baselineRun.raw.bodySha256 !== apiSha) {
        identicalBody = false;
        log(
          `WARNING: baseline body differs from the API body (${baselineRun.raw.bodyBytes} vs ${Buffer.byteLength(apiBody)} bytes)`,
        );
      }
      const drizzleRun = await runScript(tmp.path, url, list.kind, fromDate, toDate, 'drizzle', LOAD);
      const api = await runAutocannon(target, cookie, Buffer.byteLength(apiBody), LOAD);
      rounds.push({ baseline: baselineRun.figures, drizzle: drizzleRun.figures, api });
    }
    const med = (pick: (round: (typeof rounds)[number]) => number) => round(median(rounds.map(pick)), 2);
    const summary = (variant: 'baseline' | 'drizzle' | 'api') => ({
      p50: med((x) => x[variant].p50),
      p99: med((x) => x[variant].p99),
      reqPerSec: med((x) => x[variant].reqPerSec),
    });
    results.push({
      list: list.path,
      query,
      rows,
      bytesPerResponse: Buffer.byteLength(apiBody),
      identicalBody,
      sql,
      plan,
      singleRequestMs: single.map((t) => round(t)),
      baseline: summary('baseline'),
      drizzle: summary('drizzle'),
      api: summary('api'),
      // Paired per round (same minute, same load), then the median over the rounds.
      overheadP50: med((x) => x.api.p50 / x.baseline.p50),
      overheadP99: med((x) => x.api.p99 / x.baseline.p99),
      throughputRatio: med((x) => x.baseline.reqPerSec / x.api.reqPerSec),
      drizzleOverheadP50: med((x) => x.drizzle.p50 / x.baseline.p50),
      drizzleThroughputRatio: med((x) => x.baseline.reqPerSec / x.drizzle.reqPerSec),
      goal: 1.5,
      rounds,
    });
  }
  await server.stop();

  saveResult('list', {
    benchmark: 'bench:list',
    machine,
    rowsPerKind: options.rows,
    seedSeconds: round(seedSeconds),
    seedSecondsPerKind: seeded.seconds,
    range: { fromDate, toDate },
    connections: CONNECTIONS,
    requestsPerRun: options.requests,
    rounds: options.rounds,
    results,
  });
  for (const r of results) {
    log(
      `${r.list}: API p50 ${r.api.p50} ms vs baseline ${r.baseline.p50} ms (x${r.overheadP50}; drizzle alone x${r.drizzleOverheadP50}); req/s ${r.api.reqPerSec} vs ${r.baseline.reqPerSec} (x${r.throughputRatio}); goal < 1.5x`,
    );
  }
});
