import pg from 'pg';
import { seedConnectionSetting } from '../../apps/server/src/bootstrap/connection-setting.js';
import { seedLedgerAccounts } from '../../apps/server/src/bootstrap/ledger-accounts.js';
import { seedFoundation } from '../../apps/server/src/bootstrap/seed.js';
import { openDatabase, runMigrations, type Database } from '../../apps/server/src/db/client.js';
import { auditChainKey } from '../../apps/server/src/modules/audits/audit-chain.js';
import { createAuditRepository } from '../../apps/server/src/modules/audits/audit.repository.js';
import { createAuditService } from '../../apps/server/src/modules/audits/audit.service.js';
import { dashboardCounters } from '../../apps/server/src/modules/dashboard/dashboard-counters.js';
import { generateDemoSet } from '../../apps/server/src/modules/demo-data/demo-data.service.js';
import { IMPORT_KINDS, type ImportKind } from '../../apps/server/src/modules/imports/import-schemas.js';
import { createImportsRepository } from '../../apps/server/src/modules/imports/imports.repository.js';
import { createImportsService } from '../../apps/server/src/modules/imports/imports.service.js';
import { log, onCleanup } from './common.js';

/** The server the benchmarks create their own databases on (trust auth). */
export const PG_BASE_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TIME_ZONE = 'Africa/Nairobi';
export const APP_KEY = 'bench-app-key-'.padEnd(48, 'x');
export const ADMIN = { email: 'admin@example.com', password: 'Bench-Password-2026!' };

/** The URL of the database `name` on the server at `base` (BENCH_PG_URL's by default). */
export function databaseUrl(name: string, base = PG_BASE_URL): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `task` with a client connected to `url`, ended afterwards. */
export async function withClient<T>(url: string, task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

const admin = <T>(task: (client: pg.Client) => Promise<T>): Promise<T> => withClient(PG_BASE_URL, task);

export async function postgresVersion(): Promise<string> {
  // SHOW names its column after the setting.
  return admin(
    async (c) => (await c.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version,
  );
}

/** Drops (if left over) and creates `name`; registers its drop as a cleanup. */
export async function createBenchDatabase(name: string): Promise<string> {
  if (!/^ff_bench_[a-z0-9_]+$/.test(name)) throw new Error(`Refusing to manage database ${name}`);
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  onCleanup(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    log(`Dropped database ${name}`);
  });
  log(`Created database ${name}`);
  return databaseUrl(name);
}

/**
 * A migrated database with what a deployed server has: permissions, the Administrator role and the first
 * administrator, the seeded ledger accounts, and (when given) the SAP connection the API posts with.
 */
export async function prepareDatabase(
  url: string,
  sap?: { companyDb: string; username: string; password: string },
): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url });
  await runMigrations(database);
  // The dashboard's running totals (issue 30), before any record: the generated rows move them as imports would.
  await dashboardCounters(database.db, TIME_ZONE).install();
  await seedFoundation(database.db, ADMIN, APP_KEY);
  await seedLedgerAccounts(database.db);
  if (sap) await seedConnectionSetting(database.db, APP_KEY, sap);
  return database;
}

/**
 * Loads `count` deterministic demo trips (demo-data generator, seed 42) of the chosen kinds through the
 * import service (zod validation, upsert by source id, audit entry), 10,000 rows per call as
 * `npm run demo-data` does. Answers the seconds it took per kind.
 */
export async function seedDemoRecords(
  database: Database,
  count: number,
  kinds: readonly ImportKind[] = IMPORT_KINDS,
  seed: string | number = 42,
): Promise<{ today: string; seconds: Record<string, number> }> {
  const started = Date.now();
  const today = todayOf();
  const set = generateDemoSet({ count, seed, today }, TIME_ZONE);
  log(`Generated ${count} demo trips in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const audit = createAuditService(createAuditRepository(database.db, auditChainKey(APP_KEY)), TIME_ZONE);
  const imports = createImportsService({
    db: database.db,
    timeZone: TIME_ZONE,
    imports: createImportsRepository(database.db),
    audit,
  });
  const seconds: Record<string, number> = {};
  for (const kind of kinds) {
    const kindStarted = Date.now();
    const rows: readonly unknown[] = set[kind];
    for (let start = 0; start < rows.length; start += 10_000) {
      const report = await imports.importJson(kind, rows.slice(start, start + 10_000), {
        context: { actor: { id: null, name: 'Benchmark' }, ip: '127.0.0.1' },
        via: `by the benchmark (demo seed ${seed})`,
      });
      if (report.rejected.length)
        throw new Error(
          `${kind}: ${report.rejected.length} demo rows rejected: ${JSON.stringify(report.rejected[0])}`,
        );
    }
    seconds[kind] = Number(((Date.now() - kindStarted) / 1000).toFixed(1));
    log(`Imported ${rows.length} ${kind} in ${seconds[kind]} s`);
  }
  return { today, seconds };
}

/** Today in the application's time zone (the demo generator's reference day). */
export function todayOf(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** `yyyy-MM-dd` plus `days` on the calendar. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** VACUUM ANALYZE after a bulk load, as autovacuum would do shortly after: stable plans for the measurement. */
export async function analyze(url: string, tables: readonly string[]) {
  await withClient(url, async (client) => {
    for (const table of tables) await client.query(`VACUUM ANALYZE ${table}`);
  });
}
