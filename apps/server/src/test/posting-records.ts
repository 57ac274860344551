import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { rememberSources } from './record-keys.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { ledgerAccounts, postingAttempts } from '../db/schema.js';
import { RECORD_KIND_NAMES, type RecordKindName } from '@ff/contract';
import { generateDemoSet } from '../modules/demo-data/demo-data.service.js';
import { IMPORT_KINDS, importPiece, type ImportKind } from '../modules/imports/import-schemas.js';
import { SERVER_KINDS } from '../modules/records/kinds/index.js';
import type { ImportPiece } from '../modules/records/kinds/shared/import.js';

/**
 * Tests only: trip records for the posting tests (days in the application's time zone, rows as the transport
 * management system sends them, imported through the import service) and reading them back as stored.
 */

type WithDatabase = { database: Database };
type WithApp = WithDatabase & { app: App };

// ---------------------------------------------------------------------------------------------------------
// Dates: days in the application's time zone.

/** The application's time zone in posting tests. */
export const TIME_ZONE = 'Africa/Nairobi';
const DAY_MS = 86_400_000;
/** `yyyy-MM-dd` in Africa/Nairobi, `offset` days from today (negative = past). */
export const nairobiDay = (offset = 0) =>
  format(new Date(Date.now() + offset * DAY_MS), 'yyyy-MM-dd', { in: tz(TIME_ZONE) });
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
type RowMaker = (overrides?: Row) => Row;

/** The spec's kinds' own harness rows (below), by the names the tests use, and the kind whose import takes them. */
const HARNESS_KINDS = {
  sales: 'salesInvoice',
  transporter: 'firstJournal',
  cash: 'cashAdvance',
  fuel: 'fuelAdvance',
  vas: 'vasTransaction',
} as const satisfies Record<string, RecordKindName>;

/**
 * The harness records: the spec's kinds' rows by their short names, and any registry kind's by its name (the
 * rows of the import that brings its table, from its demo piece: `demoRows`), so a new kind needs nothing here.
 */
export type RecordKind = keyof typeof HARNESS_KINDS | RecordKindName;

/** The import that brings a harness record's rows: its kind's, or that of the kind whose table it shares. */
function importOf(kind: RecordKind): ImportPiece {
  const name: RecordKindName =
    kind in HARNESS_KINDS ? HARNESS_KINDS[kind as keyof typeof HARNESS_KINDS] : (kind as RecordKindName);
  const { table } = SERVER_KINDS[name];
  const piece = IMPORT_KINDS.find((importName) => importPiece(importName).table === table);
  if (!piece) throw new Error(`No import brings the rows of ${name}: its table is no kind's import table.`);
  return importPiece(piece);
}

/**
 * A registry kind's rows without harness rows of their own: a row its demo piece draws for a demo trip (the
 * import that brings them), dated five days ago, with a fresh source id, and the overrides.
 */
const demoRows =
  (kind: RecordKindName): RowMaker =>
  (overrides = {}) => {
    const piece = importOf(kind).name as ImportKind;
    const seed = `harness-${kind}-${(counter += 1)}`;
    const [row] = generateDemoSet({ count: 1, seed }, TIME_ZONE)[piece] as Row[];
    if (!row) throw new Error(`${kind}: the demo piece of the ${piece} import drew no row.`);
    return {
      ...row,
      sourceId: nextSource(kind),
      documentDate: `${nairobiDay(-5)}T10:30:00`,
      ...overrides,
    };
  };

const harnessRows = {
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

export const recordRows: typeof harnessRows & Record<RecordKindName, RowMaker> = {
  ...(Object.fromEntries(RECORD_KIND_NAMES.map((name) => [name, demoRows(name)])) as Record<
    RecordKindName,
    RowMaker
  >),
  ...harnessRows,
};

/** Imports `rows` of `kind` (all must be accepted) and answers their ids in the same order. */
export async function importRecords(harness: WithApp, kind: RecordKind, rows: Row[]): Promise<number[]> {
  const piece = importOf(kind);
  const report = await harness.app.services.imports.importJson(piece.name as ImportKind, rows, {
    context: { actor: { id: null, name: 'Posting tests' }, ip: '127.0.0.1' },
    via: 'in a posting test',
  });
  expect(report.rejected).toEqual([]);
  const { table } = piece;
  const sourceIds = rows.map((r) => String(r.sourceId));
  const found = (await harness.database.db
    .select({ id: table.id, sourceId: table.sourceId })
    .from(table)
    .where(inArray(table.sourceId, sourceIds))) as { id: number; sourceId: string }[];
  const bySource = new Map(found.map((f) => [f.sourceId, f.id]));
  const ids = sourceIds.map((s) => bySource.get(s)!);
  rememberSources(table, ids, sourceIds);
  return ids;
}

/** `count` new records of `kind` built by `make(i)` (overrides of the defaults). */
export const makeRecords = (
  harness: WithApp,
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
export async function ledgerId(harness: WithDatabase, accountNumber: string): Promise<number> {
  const [row] = await harness.database.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountNumber, accountNumber));
  if (!row) throw new Error(`No ledger account ${accountNumber}`);
  return row.id;
}

/** One row of a table, as stored. */
export async function storedRow(
  harness: WithDatabase,
  kind: RecordKind,
  id: number,
): Promise<Record<string, unknown>> {
  const { table } = importOf(kind);
  const [row] = await harness.database.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown>;
}

export async function storedRows(
  harness: WithDatabase,
  kind: RecordKind,
  ids: number[],
): Promise<Record<string, unknown>[]> {
  const { table } = importOf(kind);
  const rows = (await harness.database.db.select().from(table).where(inArray(table.id, ids))) as Record<
    string,
    unknown
  >[];
  const byId = new Map(rows.map((r) => [r.id as number, r]));
  return ids.map((id) => byId.get(id)!);
}

export const attemptsOf = (harness: WithDatabase, kind: string, recordId: number) =>
  harness.database.db
    .select()
    .from(postingAttempts)
    .where(eq(postingAttempts.recordId, recordId))
    .then((rows) => rows.filter((r) => r.kind === kind).sort((a, b) => a.id - b.id));
