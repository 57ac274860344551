import { join } from 'node:path';
import { seedFoundation } from '../../apps/server/src/bootstrap/seed.js';
import { openDatabase, runMigrations } from '../../apps/server/src/db/client.js';
import { log, ROOT, round, sleep } from './common.js';
import { ADMIN, APP_KEY, TIME_ZONE, todayOf } from './database.js';
import { signIn } from './http.js';
import { startProcess, tsxArgs } from './processes.js';
import { generateScaleData } from './scale-data.js';
import { drain, residentMb, sampleResident } from './scale-memory.js';
import { startTreeServer } from './scale-servers.js';

/**
 * bench:scale (6): an embedded server (PGlite in DATA_DIR) with 100,000 sales invoices still to post, its
 * resident memory idle and after the 100,000-row list; and PGlite's share under candidate settings, each
 * measured in its own process on the same data directory (bench/lib/scale-pglite-probe.ts).
 */

/**
 * PGlite settings tried, as postgres `-c` start parameters added to PGlite's own. (PGlite's `initialMemory`
 * cannot go below the 128 MB its WASM module declares: a smaller one fails to start.)
 */
export type PgliteSettings = { startParams?: string[] };

export const PGLITE_CANDIDATES: { name: string; settings: PgliteSettings }[] = [
  { name: 'defaults (shared_buffers 128MB)', settings: {} },
  { name: 'shared_buffers=32MB', settings: { startParams: ['-c', 'shared_buffers=32MB'] } },
  { name: 'shared_buffers=16MB', settings: { startParams: ['-c', 'shared_buffers=16MB'] } },
];

/** A data directory as `npm start` leaves it (migrated, first administrator), with `rows` sales invoices to post. */
export async function prepareEmbeddedData(dataDir: string, rows: number) {
  const started = performance.now();
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
  await runMigrations(database);
  await seedFoundation(database.db, ADMIN, APP_KEY);
  const pglite = database.pglite!;
  // All within the last 60 days, so the whole table is the "still to post" list.
  await generateScaleData(
    (text, params) => pglite.query(text, params),
    { perKind: rows, spanDays: 60, toPostDays: 60, today: todayOf(), timeZone: TIME_ZONE },
    { tables: ['sales_invoices'] },
  );
  await pglite.exec('VACUUM ANALYZE sales_invoices');
  await database.close();
  const seconds = round((performance.now() - started) / 1000);
  log(`Embedded data directory with ${rows} sales invoices to post in ${seconds} s`);
  return seconds;
}

/** The embedded server's resident memory idle, during and after two reads of the full 100,000-row list. */
export async function measureEmbeddedServer(options: {
  dataDir: string;
  logFile: string;
  rows: number;
  label: string;
  nodeArgs?: string[];
}) {
  const server = await startTreeServer({
    name: `api-embedded-${options.label}`,
    root: ROOT,
    dataDir: options.dataDir,
    logFile: options.logFile,
    nodeArgs: options.nodeArgs,
  });
  await sleep(5_000);
  const idle = residentMb(server.pid).rss;
  const session = await signIn(server.url);
  const sampler = sampleResident(server.pid);
  const reads: { bytes: number; ms: number }[] = [];
  for (let i = 0; i < 2; i += 1) {
    const answer = await drain(`${server.url}/api/v1/journalSaleInvoice`, session.cookieHeader());
    if (answer.status !== 200) throw new Error(`The embedded list answered ${answer.status}`);
    reads.push({ bytes: answer.bytes, ms: answer.ms });
  }
  const { peakMb } = await sampler.stop();
  await sleep(5_000);
  const { rss: after, hwm } = residentMb(server.pid);
  await server.stop();
  const figures = {
    label: options.label,
    rows: options.rows,
    idleRssMb: idle,
    peakRssMb: peakMb,
    afterRssMb: after,
    hwmMb: hwm,
    reads,
  };
  log(
    `Embedded server (${options.label}): idle ${idle} MB, peak ${peakMb} MB, after the list ${after} MB (VmHWM ${hwm} MB)`,
  );
  return figures;
}

type ProbeResult = {
  listMs: number[];
  readyMb: number;
  idleMb: number;
  afterListMb: number;
  hwmMb: number;
  bytes: number;
  shown: Record<string, string>;
};

/** PGlite alone (no server) under each candidate's settings, on the stopped server's data directory. */
export async function probePgliteSettings(dataDir: string, logDir: string) {
  const results = [];
  for (const candidate of PGLITE_CANDIDATES) {
    const probe = await startProcess({
      name: 'pglite-probe',
      command: process.execPath,
      args: tsxArgs(
        join('bench', 'lib', 'scale-pglite-probe.ts'),
        JSON.stringify({ dataDir, settings: candidate.settings }),
      ),
      ready: (line) =>
        line.startsWith('BENCH_RESULT ') ? (JSON.parse(line.slice(13)) as ProbeResult) : undefined,
      logFile: join(logDir, 'pglite-probe.log'),
      timeoutMs: 300_000,
    });
    await probe.exited;
    log(
      `PGlite ${candidate.name}: ready ${probe.ready.readyMb} MB, idle ${probe.ready.idleMb} MB, after the list ${probe.ready.afterListMb} MB (VmHWM ${probe.ready.hwmMb} MB)`,
    );
    results.push({ ...candidate, ...probe.ready });
  }
  return results;
}
