/**
 * bench:import: does a large import stall the server? Embedded mode (`npm start`'s entry, src/main.ts from
 * source: PGlite in DATA_DIR, which runs on the server's own thread), `--rows` sales invoices (default
 * 100,000; demo generator, seed 42) sent to the real import API (POST /api/v1/import/sales-invoices with a
 * Bearer token) in calls of `--batch` rows (default 10,000, as `npm run demo-data` sends them: ~4 MB of JSON;
 * the API takes up to 50,000 per call), one call after another. Meanwhile GET /health/live is polled every ~10 ms (the next
 * poll 10 ms after the previous answer); its latencies give p50 / p99 / max, first for 5 s idle (the baseline),
 * then during the import. Goal: p99 under 100 ms during the import. The bodies are serialised before polling
 * starts, so this process is idle while it measures.
 *
 * Options: --rows N, --batch N.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { generateDemoData } from '../apps/server/src/modules/demo-data/demo-generator.js';
import {
  benchOptions,
  loadSample,
  log,
  onCleanup,
  percentile,
  ROOT,
  round,
  saveResult,
  sleep,
} from './lib/common.js';
import { TIME_ZONE, todayOf } from './lib/database.js';
import { importCall } from './lib/http.js';
import { POLL_EVERY_MS, pollLiveness } from './lib/liveness.js';
import { serverReady, startProcess, tsxArgs } from './lib/processes.js';
import { benchmark } from './lib/setup.js';

const options = benchOptions({ rows: 100_000, batch: 10_000 });
const APP_KEY = 'bench-import-key-'.padEnd(48, 'x');

type Latencies = { samples: number; p50: number; p99: number; max: number; over100ms: number };
const summarise = (values: number[]): Latencies => ({
  samples: values.length,
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
  over100ms: values.filter((v) => v > 100).length,
});

await benchmark('import', { minutes: 20 }, async ({ machine, tmp }) => {
  const dataDir = join(tmp.path, 'data');
  const env = {
    APP_KEY,
    DATA_DIR: dataDir,
    APP_TIMEZONE: TIME_ZONE,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  };

  // The API token, made by the operator command before the server owns the directory.
  const created = execFileSync(
    process.execPath,
    [...tsxArgs(join(ROOT, 'apps/server/src/cli.ts')), 'tokens:create', 'bench'],
    {
      cwd: join(ROOT, 'apps/server'),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  const token = /^\s{2}(\S{20,})$/m.exec(created)?.[1];
  if (!token) throw new Error(`No token in: ${created}`);

  const generatedAt = performance.now();
  const rows = generateDemoData({ count: options.rows, seed: 42, today: todayOf(), timeZone: TIME_ZONE })[
    'sales-invoices'
  ];
  const bodies: string[] = [];
  for (let start = 0; start < rows.length; start += options.batch)
    bodies.push(JSON.stringify(rows.slice(start, start + options.batch)));
  log(
    `Generated ${rows.length} sales invoices in ${round((performance.now() - generatedAt) / 1000)} s; ${bodies.length} calls of up to ${options.batch} rows (${round(bodies[0]!.length / 1e6)} MB each)`,
  );

  const server = await startProcess({
    name: 'api',
    command: process.execPath,
    args: tsxArgs(join(ROOT, 'apps/server/src/main.ts')),
    env: {
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SAP_SIM_PORT: '0',
      RATE_LIMIT_PER_MINUTE: '1000000',
      DATABASE_URL: undefined,
    },
    ready: serverReady,
    logFile: join(tmp.path, 'api.log'),
    timeoutMs: 120_000,
  });
  onCleanup(() => server.stop());
  const url = String(server.ready.address);
  log(`Embedded server ready at ${url} (pid ${server.pid})`);

  const idlePoller = pollLiveness(url);
  await sleep(5_000);
  const idle = summarise((await idlePoller.stop()).map((poll) => poll.ms));
  log(`Idle /health/live: ${JSON.stringify(idle)}`);

  const load = loadSample();
  const poller = pollLiveness(url);
  const importStarted = performance.now();
  const calls: { rows: number; ms: number; inserted: number; rejected: number }[] = [];
  for (const body of bodies) {
    const started = performance.now();
    const report = await importCall(url, token, body);
    calls.push({
      rows: report.received,
      ms: Math.round(performance.now() - started),
      inserted: report.inserted,
      rejected: report.rejected.length,
    });
    log(
      `Imported ${report.received} rows (${report.inserted} new, ${report.rejected.length} rejected) in ${calls.at(-1)!.ms} ms`,
    );
  }
  const importMs = performance.now() - importStarted;
  const during = summarise((await poller.stop()).map((poll) => poll.ms));
  log(
    `During the import (${round(importMs / 1000)} s, ${round(options.rows / (importMs / 1000), 0)} rows/s): /health/live ${JSON.stringify(during)}; ${load.uptime}`,
  );
  const inserted = calls.reduce((n, c) => n + c.inserted, 0);
  if (inserted !== options.rows) throw new Error(`Expected ${options.rows} inserted, got ${inserted}`);

  saveResult('import', {
    machine,
    settings: {
      rows: options.rows,
      batch: options.batch,
      kind: 'sales-invoices',
      pollEveryMs: POLL_EVERY_MS,
      mode: 'embedded PGlite',
    },
    idle,
    during,
    importSeconds: round(importMs / 1000),
    rowsPerSecond: round(options.rows / (importMs / 1000), 0),
    calls,
    load,
    goal: { p99BelowMs: 100, met: during.p99 < 100 },
  });
});
