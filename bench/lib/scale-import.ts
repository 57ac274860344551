import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getTableColumns } from 'drizzle-orm';
import { auditChainKey } from '../../apps/server/src/modules/audits/audit-chain.js';
import { createAuditRepository } from '../../apps/server/src/modules/audits/audit.repository.js';
import { createAuditService } from '../../apps/server/src/modules/audits/audit.service.js';
import { createApiTokensRepository } from '../../apps/server/src/modules/imports/api-tokens.repository.js';
import { createApiTokensService } from '../../apps/server/src/modules/imports/api-tokens.service.js';
import { importFieldsOf } from '../../apps/server/src/modules/imports/import-schemas.js';
import { salesInvoices } from '../../apps/server/src/modules/records/kinds/sales-invoice/table.js';
import { onCleanup, percentile, round, tempDir } from './common.js';
import { APP_KEY, databaseUrl, prepareDatabase, TIME_ZONE, todayOf, withClient } from './database.js';
import { importCall } from './http.js';
import { pollLiveness, type Poll } from './liveness.js';
import { csvCell, ROWS_PER_CALL, salesInvoiceRows } from './scale-import-rows.js';
import { startApiServer } from './servers.js';

/**
 * Issue 13, "Imports at volume": `rows` sales invoices through the import API on PostgreSQL against a bare
 * `COPY` of the same rows into a fresh copy of the same table (same columns, defaults and indexes).
 *
 * - importSeconds: first call sent to last answer, 50,000 rows per call (the most the API takes), one call
 *   after another, against the production entry (apps/server/src/main.ts) on a fresh database.
 * - copySeconds: `psql \copy ... FROM` a CSV file of the same values (psql streams it as COPY FROM STDIN;
 *   pg-copy-streams is not installed) into `CREATE TABLE ... (LIKE sales_invoices INCLUDING ALL)`.
 * - ratio: import throughput over COPY throughput (copySeconds / importSeconds); the goal is at least 0.5.
 * - liveness: GET /health/live polled every ~10 ms (10 ms after each answer) while the import runs.
 */
export type ImportFigures = {
  rows: number;
  importSeconds: number;
  copySeconds: number;
  ratio: number;
  livenessP50Ms: number;
  livenessP99Ms: number;
  livenessMaxMs: number;
  via: string;
};

export type MeasureImportOptions = {
  /** A PostgreSQL server URL (trust or password auth) on which a fresh database is created and dropped. */
  pgUrl: string;
  rows: number;
  log: (line: string) => void;
  /** The API's port on 127.0.0.1 (its SAP simulator takes the next one); 0 (default) for free ports. */
  port?: number;
  /** Extra node flags for the API process, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  serverNodeArgs?: string[];
};

/** Rows per call: the most the import API takes (50,000). */
export { ROWS_PER_CALL };
const TABLE = 'sales_invoices';
/** The fields an import writes, with their columns (the rest take their defaults). */
const COLUMNS = importFieldsOf('sales-invoices').map(
  (field) =>
    [field, getTableColumns(salesInvoices)[field as keyof typeof salesInvoices._.columns].name] as const,
);

const run = promisify(execFile);

/** The rows as one JSON body per call (serialised before anything is timed) and as one CSV file for COPY. */
async function generateRows(rows: number, csvPath: string, log: (line: string) => void) {
  const started = performance.now();
  const today = todayOf();
  const bodies: string[] = [];
  const csv = createWriteStream(csvPath);
  for (let call = 0; call * ROWS_PER_CALL < rows; call += 1) {
    const invoices = salesInvoiceRows(call, Math.min(ROWS_PER_CALL, rows - call * ROWS_PER_CALL), today);
    bodies.push(JSON.stringify(invoices));
    const lines = invoices.map((row) => COLUMNS.map(([field]) => csvCell(row[field])).join(',')).join('\n');
    if (!csv.write(`${lines}\n`)) await new Promise<void>((resolve) => csv.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    csv.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const megabytes = bodies.reduce((sum, body) => sum + body.length, 0) / 1e6;
  log(
    `Generated ${rows} sales invoices in ${round((performance.now() - started) / 1000)} s: ${bodies.length} calls, ${round(megabytes)} MB of JSON`,
  );
  return bodies;
}

/** The slowest polls, each placed in the call it fell in: what a reader of the figures asks next. */
function slowestPolls(polls: Poll[], callStarts: number[], count = 3): string {
  return [...polls]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((poll) => {
      const call = callStarts.findLastIndex((start) => start <= poll.at);
      const when =
        call < 0
          ? 'before the first call'
          : `call ${call + 1}, ${Math.round(poll.at - callStarts[call]!)} ms after it was sent`;
      return `${Math.round(poll.ms)} ms (${when})`;
    })
    .join(', ');
}

/** A fresh database with what a deployed server has, and an API token for the import API. */
async function prepare(pgUrl: string, name: string) {
  await withClient(pgUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const url = databaseUrl(name, pgUrl);
  const database = await prepareDatabase(url);
  try {
    const audit = createAuditService(createAuditRepository(database.db, auditChainKey(APP_KEY)), TIME_ZONE);
    const tokens = createApiTokensService({
      db: database.db,
      tokens: createApiTokensRepository(database.db),
      audit,
      timeZone: TIME_ZONE,
    });
    const { token } = await tokens.create('scale-bench', {
      actor: { id: null, name: 'Benchmark' },
      ip: '127.0.0.1',
    });
    return { url, token };
  } finally {
    await database.close();
  }
}

/** The import through the API, 50,000 rows per call, with /health/live polled meanwhile. */
async function importThroughApi(options: {
  url: string;
  token: string;
  bodies: string[];
  rows: number;
  log: (line: string) => void;
}) {
  const { url, token, bodies, log } = options;
  const poller = pollLiveness(url, log);
  const started = performance.now();
  const callStarts: number[] = [];
  let inserted = 0;
  for (const [call, body] of bodies.entries()) {
    const callStarted = performance.now();
    callStarts.push(callStarted);
    const report = await importCall(url, token, body);
    if (report.rejected.length)
      throw new Error(
        `Import rejected ${report.rejected.length} rows: ${JSON.stringify(report.rejected[0])}`,
      );
    inserted += report.inserted;
    log(
      `Call ${call + 1}/${bodies.length}: ${report.received} rows, ${report.inserted} new, in ${Math.round(performance.now() - callStarted)} ms`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const polls = await poller.stop();
  if (inserted !== options.rows) throw new Error(`Expected ${options.rows} inserted, got ${inserted}`);
  log(`Slowest /health/live answers: ${slowestPolls(polls, callStarts)}`);
  return { seconds, latencies: polls.map((poll) => poll.ms) };
}

/**
 * `psql \copy` of the CSV file into a fresh copy of the table (same defaults and indexes); answers seconds.
 * The imported table is vacuumed first (untimed): autovacuum would otherwise work through the import's
 * million rows and their search index's pending entries during the COPY, on the same two cores.
 */
async function copyBaseline(url: string, csvPath: string, rows: number) {
  const copy = `${TABLE}_copy_baseline`;
  await withClient(url, async (c) => {
    await c.query(`VACUUM (ANALYZE) ${TABLE}`);
    await c.query(`CREATE TABLE ${copy} (LIKE ${TABLE} INCLUDING ALL)`);
    await c.query('CHECKPOINT');
  });
  const columns = COLUMNS.map(([, column]) => column).join(', ');
  const started = performance.now();
  await run('psql', [
    url,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `\\copy ${copy} (${columns}) FROM '${csvPath}' WITH (FORMAT csv)`,
  ]);
  const seconds = (performance.now() - started) / 1000;
  const count = await withClient(url, async (c) =>
    Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${copy}`)).rows[0]!.n),
  );
  if (count !== rows) throw new Error(`COPY loaded ${count} rows, expected ${rows}`);
  return seconds;
}

/**
 * Measures the import of `rows` sales invoices (issue 13): through the import API on a fresh PostgreSQL
 * database created on `pgUrl` (dropped at the end), then the same rows by COPY as the baseline.
 */
export async function measureImport(options: MeasureImportOptions): Promise<ImportFigures> {
  const { pgUrl, rows, log } = options;
  const name = `ff_bench_scale_import_${randomBytes(4).toString('hex')}`;
  const tmp = tempDir('scale-import');
  const dropDatabase = async () => {
    await withClient(pgUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    tmp.remove();
  };
  onCleanup(dropDatabase);
  try {
    const csvPath = join(tmp.path, 'sales-invoices.csv');
    const bodies = await generateRows(rows, csvPath, log);
    const { url, token } = await prepare(pgUrl, name);
    log(`Created database ${name}`);

    const server = await startApiServer({
      name: 'api (scale import)',
      databaseUrl: url,
      dataDir: join(tmp.path, 'data'),
      logFile: join(tmp.path, 'api.log'),
      nodeArgs: options.serverNodeArgs,
      env: {
        RATE_LIMIT_PER_MINUTE: '1000000',
        PORT: String(options.port ?? 0),
        SAP_SIM_PORT: String(options.port ? options.port + 1 : 0),
      },
    });
    let imported: { seconds: number; latencies: number[] };
    try {
      await withClient(url, (c) => c.query('CHECKPOINT'));
      imported = await importThroughApi({ url: server.url, token, bodies, rows, log });
    } finally {
      await server.stop();
    }
    bodies.length = 0;
    log(
      `Import: ${rows} rows in ${round(imported.seconds)} s (${round(rows / imported.seconds, 0)} rows/s); ${imported.latencies.length} liveness polls`,
    );

    const copySeconds = await copyBaseline(url, csvPath, rows);
    log(`COPY baseline: ${rows} rows in ${round(copySeconds)} s (${round(rows / copySeconds, 0)} rows/s)`);

    const { latencies } = imported;
    return {
      rows,
      importSeconds: round(imported.seconds, 2),
      copySeconds: round(copySeconds, 2),
      ratio: round(copySeconds / imported.seconds, 2),
      livenessP50Ms: round(percentile(latencies, 50)),
      livenessP99Ms: round(percentile(latencies, 99)),
      livenessMaxMs: round(Math.max(...latencies)),
      via:
        `import API (POST /api/v1/import/sales-invoices, ${ROWS_PER_CALL} rows per call, one after another) ` +
        `against psql \\copy (COPY FROM STDIN, CSV) into a LIKE ${TABLE} INCLUDING ALL copy`,
    };
  } finally {
    await dropDatabase();
    log(`Dropped database ${name}`);
  }
}
