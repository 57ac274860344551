import { randomBytes } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { expect } from 'vitest';
import { buildApp, type App } from '../app.js';
import { seedConnectionSetting } from '../bootstrap/connection-setting.js';
import { seedLedgerAccounts } from '../bootstrap/ledger-accounts.js';
import { seedFoundation } from '../bootstrap/seed.js';
import { loadEnv, type Env } from '../config/env.js';
import { openDatabase, runMigrations, type Database } from '../db/client.js';
import {
  cashAdvances,
  fuelAdvances,
  ledgerAccounts,
  postingAttempts,
  salesInvoices,
  transporterInvoices,
  vasTransactions,
} from '../db/schema.js';
import { createTestDatabase } from './test-database.js';
import { startTestSimulator, type RunningSimulator } from './simulator.js';
import { startQueue } from '../jobs/queue.js';
import { queueSettings } from '../jobs/queue-settings.js';
import { startVasWorker } from '../jobs/vas-worker.js';
import type { ImportKind } from '../modules/imports/import-schemas.js';
import { TestClient, type ClientOptions } from './test-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from './test-server.js';

/**
 * Tests of the posting engine: the real app (HTTP through app.inject) on a fresh database, posting to a real
 * SAP simulator on a free port, optionally with the pg-boss queue and the VAS worker in this process. The
 * app (and queue) can be stopped and started again on the same database and simulator, as a restart would.
 */
export const TIME_ZONE = 'Africa/Nairobi';
export const APP_KEY = 'p'.repeat(40);

export type PostingDatabase = Database & {
  drop(): Promise<void>;
  /** Postgres only: the test database's URL. */ url?: string;
};

export type HarnessOptions = {
  env?: Record<string, string>;
  /** Start pg-boss (VAS posts need it). */
  queue?: boolean;
  /** Start the VAS worker in this process (needs `queue`); default true when `queue`. */
  worker?: boolean;
  /** Quiet by default; a pino options object to see the app's log. */
  logger?: false | Record<string, unknown>;
};

export type PostingHarness = {
  sim: RunningSimulator;
  database: PostingDatabase;
  env: Env;
  readonly app: App;
  readonly queue: PgBoss | undefined;
  /** Errors pg-boss reported (its `error` event). */
  queueErrors: Error[];
  /** Shaped like createTestServer's answer, so test/fixtures.ts (createUser, signedIn) work with it. */
  server: TestServer;
  client(options?: ClientOptions): TestClient;
  signInAsAdmin(): Promise<TestClient>;
  /** Starts the app (and queue and worker as configured) on the same database; `stop` first. */
  start(overrides?: Pick<HarnessOptions, 'queue' | 'worker'>): Promise<void>;
  /** Closes the app, then stops the worker/queue (graceful unless told); the database and simulator stay. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
  close(): Promise<void>;
};

/** A fresh migrated database; on Postgres also its URL (a separate worker process can connect to it). */
export async function createPostingDatabase(): Promise<PostingDatabase> {
  if (process.env.TEST_DB !== 'postgres') return createTestDatabase();
  const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL or DATABASE_URL.');
  const name = `ff_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function startPostingHarness(options: HarnessOptions = {}): Promise<PostingHarness> {
  const sim = await startTestSimulator();
  const database = await createPostingDatabase();
  await seedFoundation(database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, options.env?.APP_KEY ?? APP_KEY);
  await seedConnectionSetting(database.db, APP_KEY, sim.credentials);
  await seedLedgerAccounts(database.db);
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_KEY,
    APP_URL: 'http://ff.test',
    APP_TIMEZONE: TIME_ZONE,
    SAP_SL_URL: sim.url,
    SAP_TIMEOUT_MS: '5000',
    RATE_LIMIT_PER_MINUTE: '100000',
    VAS_RETRY_DELAY_SECONDS: '1',
    ...options.env,
  });

  let app: App | undefined;
  let queue: PgBoss | undefined;
  const queueErrors: Error[] = [];

  async function start(overrides: Pick<HarnessOptions, 'queue' | 'worker'> = {}) {
    if (app) throw new Error('The app is running; stop it first.');
    const withQueue = overrides.queue ?? options.queue ?? false;
    const withWorker = withQueue && (overrides.worker ?? options.worker ?? true);
    queue = withQueue
      ? await startQueue(database, queueSettings(env), (error) => queueErrors.push(error))
      : undefined;
    app = await buildApp({ env, database, logger: (options.logger ?? false) as never, queue });
    await app.ready();
    if (withWorker) await startVasWorker(queue!, app.services.vasWorker, env.QUEUE_CONCURRENCY);
  }

  /** As main.ts shuts down: the app first (no new requests, the SAP client closed), then the queue. */
  async function stop(stopOptions: { graceful?: boolean; timeoutMs?: number } = {}) {
    const [runningApp, runningQueue] = [app, queue];
    app = undefined;
    queue = undefined;
    if (runningApp) await runningApp.close();
    if (runningQueue)
      await runningQueue.stop({
        graceful: stopOptions.graceful ?? true,
        wait: true,
        close: false,
        timeout: stopOptions.timeoutMs ?? 10_000,
      });
  }

  const client = (clientOptions?: ClientOptions) => new TestClient(current(), clientOptions);
  const current = () => {
    if (!app) throw new Error('The app is not running.');
    return app;
  };
  async function signInAsAdmin() {
    const admin = client();
    await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    return admin;
  }
  async function close() {
    await stop({ graceful: false }).catch(() => undefined);
    await database.drop();
    await sim.close();
  }
  const server = {
    get app() {
      return current();
    },
    env,
    database,
    client,
    signInAsAdmin,
    close,
  } as unknown as TestServer;

  await start();
  return {
    sim,
    database,
    env,
    get app() {
      return current();
    },
    get queue() {
      return queue;
    },
    queueErrors,
    server,
    client,
    signInAsAdmin,
    start,
    stop,
    close,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Dates: days in the application's time zone.

const DAY_MS = 86_400_000;
/** `yyyy-MM-dd` in Africa/Nairobi, `offset` days from today (negative = past). */
export const nairobiDay = (offset = 0) =>
  formatInTimeZone(new Date(Date.now() + offset * DAY_MS), TIME_ZONE, 'yyyy-MM-dd');
/** `yyyy-MM` of a `yyyy-MM-dd`. */
export const monthOf = (day: string) => day.slice(0, 7);
/** The first day of the month `monthsBack` months before this one, in Nairobi. */
export function firstOfMonth(monthsBack: number): string {
  const [y, m] = nairobiDay().split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 - monthsBack, 1));
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Records: imported through the import service, as the transport management system sends them.

let counter = 0;
const nextSource = (prefix: string) =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${(counter += 1)}`;

type Row = Record<string, string | number | null>;

export const recordRows = {
  sales: (overrides: Row = {}): Row => ({
    sourceId: nextSource('SI'),
    documentDate: `${nairobiDay(-5)}T08:30:00`,
    clientName: 'Bidco Africa Ltd',
    customerCode: 'C10001',
    cargoRef: 'MEDU1234567',
    clientRef: 'PO-BIDCO-1',
    tripNumber: `TRP-${(counter += 1)}`,
    containerNumber: 'CSQU3054383',
    containerSize: '40ft',
    containerWeight: '24,500 kg',
    truckNumber: 'KDA 123B',
    route: 'Mombasa - Nairobi',
    amount: '176500.00',
    ...overrides,
  }),
  transporter: (overrides: Row = {}): Row => ({
    sourceId: nextSource('TI'),
    documentDate: `${nairobiDay(-5)}T09:00:00`,
    transporterName: 'Siginon Freight Ltd',
    transporterCode: 'T20001',
    tripNumber: `TRP-${(counter += 1)}`,
    routeDetails: 'Mombasa - Nairobi',
    invoiceAmount: '130000.00',
    ...overrides,
  }),
  cash: (overrides: Row = {}): Row => ({
    sourceId: nextSource('CA'),
    documentDate: `${nairobiDay(-5)}T10:00:00`,
    tripNumber: `TRP-${(counter += 1)}`,
    route: 'Mombasa - Nairobi',
    transporterName: 'Multiple Hauliers EA',
    transporterCode: 'T20002',
    truckNumber: 'KBZ 456C',
    amount: '15000.00',
    ...overrides,
  }),
  fuel: (overrides: Row = {}): Row => ({
    sourceId: nextSource('FA'),
    documentDate: `${nairobiDay(-5)}T11:00:00`,
    tripNumber: `TRP-${(counter += 1)}`,
    route: 'Mombasa - Kampala',
    transporterName: 'Bollore Transport Kenya',
    transporterCode: 'T20003',
    truckNumber: 'KCA 789D',
    orderNumber: 'PO-FUEL-1',
    warehouse: 'Mombasa Depot',
    description: 'Diesel',
    originQuantity: '200.000',
    unitPrice: '180.25',
    ...overrides,
  }),
  vas: (overrides: Row = {}): Row => ({
    sourceId: nextSource('VAS'),
    documentDate: `${nairobiDay(-5)}T12:00:00`,
    tripNumber: `TRP-${(counter += 1)}`,
    transporterName: 'Transami Kenya',
    transporterCode: 'T20004',
    truckNumber: 'KDB 321E',
    orderNumber: 'ORD-VAS-1',
    supplierName: 'Bridgestone East Africa',
    supplierCode: 'S30004',
    warehouse: 'Nairobi Depot',
    description: 'Tyres 315/80R22.5',
    productType: 'Tyres',
    originQuantity: '10.000',
    buyingUnitPrice: '30000.00',
    sellingUnitPrice: '34500.50',
    ...overrides,
  }),
};

const IMPORT_KIND = {
  sales: 'sales-invoices',
  transporter: 'transporter-invoices',
  cash: 'cash-advances',
  fuel: 'fuel-advances',
  vas: 'vas-transactions',
} as const satisfies Record<keyof typeof recordRows, ImportKind>;

const TABLE = {
  sales: salesInvoices,
  transporter: transporterInvoices,
  cash: cashAdvances,
  fuel: fuelAdvances,
  vas: vasTransactions,
} as const;

export type RecordKind = keyof typeof recordRows;

/** Imports `rows` of `kind` (all must be accepted) and answers their ids in the same order. */
export async function importRecords(
  harness: Pick<PostingHarness, 'app' | 'database'>,
  kind: RecordKind,
  rows: Row[],
): Promise<number[]> {
  const report = await harness.app.services.imports.importJson(IMPORT_KIND[kind], rows, {
    context: { actor: { id: null, name: 'Posting tests' }, ip: '127.0.0.1' },
    via: 'in a posting test',
  });
  expect(report.rejected).toEqual([]);
  const table = TABLE[kind];
  const sourceIds = rows.map((r) => String(r.sourceId));
  const found = await harness.database.db
    .select({ id: table.id, sourceId: table.sourceId })
    .from(table)
    .where(inArray(table.sourceId, sourceIds));
  const bySource = new Map(found.map((f) => [f.sourceId, f.id]));
  return sourceIds.map((s) => bySource.get(s)!);
}

/** `count` new records of `kind` built by `make(i)` (overrides of the defaults). */
export const makeRecords = (
  harness: Pick<PostingHarness, 'app' | 'database'>,
  kind: RecordKind,
  count: number,
  make: (i: number) => Row = () => ({}),
) =>
  importRecords(
    harness,
    kind,
    Array.from({ length: count }, (_, i) => recordRows[kind](make(i))),
  );

/** The ledger account id of an account number (seeded: petty cash 11010x, VAS revenue 410x00 / cost 510x00). */
export async function ledgerId(
  harness: Pick<PostingHarness, 'database'>,
  accountNumber: string,
): Promise<number> {
  const [row] = await harness.database.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountNumber, accountNumber));
  if (!row) throw new Error(`No ledger account ${accountNumber}`);
  return row.id;
}

/** One row of a table, as stored. */
export async function storedRow(
  harness: Pick<PostingHarness, 'database'>,
  kind: RecordKind,
  id: number,
): Promise<Record<string, unknown>> {
  const table = TABLE[kind];
  const [row] = await harness.database.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown>;
}

export async function storedRows(
  harness: Pick<PostingHarness, 'database'>,
  kind: RecordKind,
  ids: number[],
): Promise<Record<string, unknown>[]> {
  const table = TABLE[kind];
  const rows = (await harness.database.db.select().from(table).where(inArray(table.id, ids))) as Record<
    string,
    unknown
  >[];
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return ids.map((id) => byId.get(id)!);
}

export const attemptsOf = (harness: Pick<PostingHarness, 'database'>, kind: string, recordId: number) =>
  harness.database.db
    .select()
    .from(postingAttempts)
    .where(eq(postingAttempts.recordId, recordId))
    .then((rows) => rows.filter((r) => r.kind === kind).sort((a, b) => a.id - b.id));

// ---------------------------------------------------------------------------------------------------------
// SAP read-back: the simulator's record of every document ever posted.

export type SimDocument = Record<string, any>;

/** Every document SAP holds, grouped by our idempotency key (Reference3 on journals, Reference2 on invoices). */
export async function documentsByKey(sim: RunningSimulator): Promise<Map<string, SimDocument[]>> {
  const { journalEntries, invoices } = await sim.documents();
  const byKey = new Map<string, SimDocument[]>();
  const add = (key: unknown, doc: SimDocument) => {
    if (typeof key !== 'string' || !key) return;
    byKey.set(key, [...(byKey.get(key) ?? []), doc]);
  };
  for (const doc of journalEntries) add(doc.Reference3, doc);
  for (const doc of invoices) add(doc.Reference2, doc);
  return byKey;
}

/** Asserts each key is in SAP exactly once and answers the documents in the keys' order. */
export async function expectPostedOnce(sim: RunningSimulator, keys: string[]): Promise<SimDocument[]> {
  const byKey = await documentsByKey(sim);
  const counts = Object.fromEntries(keys.map((k) => [k, byKey.get(k)?.length ?? 0]));
  expect(counts).toEqual(Object.fromEntries(keys.map((k) => [k, 1])));
  return keys.map((k) => byKey.get(k)![0]!);
}

/** Asserts no document carries any of these keys. */
export async function expectNotInSap(sim: RunningSimulator, keys: string[]) {
  const byKey = await documentsByKey(sim);
  expect(keys.filter((k) => byKey.has(k))).toEqual([]);
}

/** The lines of a journal as `[account or partner, debit, credit]`, for compact assertions. */
export const journalLines = (doc: SimDocument) =>
  (doc.JournalEntryLines as SimDocument[]).map((l) => [
    l.ShortName ?? l.AccountCode,
    l.Debit ?? 0,
    l.Credit ?? 0,
  ]);

export const keyOf = (kind: 'SI' | 'FJ' | 'SJ' | 'CA' | 'FA' | 'VAS', id: number) =>
  kind === 'SI' ? `FFSI${id}` : `FF-${kind}-${id}`;

/** Simulator faults: `/__sim/config`. */
export const simConfig = (sim: RunningSimulator, config: Record<string, unknown>) =>
  sim.control('/__sim/config', config);
export const resetFaults = (sim: RunningSimulator) =>
  simConfig(sim, {
    latencyMs: 0,
    errorRate: 0,
    dropReplyRate: 0,
    sessionTimeoutSeconds: 1800,
    forceErrorShape: null,
  });
