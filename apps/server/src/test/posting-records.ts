import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { rememberSources } from './record-keys.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { ledgerAccounts, postingAttempts } from '../db/schema.js';
import {
  cashAdvances,
  fuelAdvances,
  salesInvoices,
  transporterInvoices,
  vasTransactions,
} from '../modules/records/kinds/tables.js';
import type { ImportKind } from '../modules/imports/import-schemas.js';

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
export async function importRecords(harness: WithApp, kind: RecordKind, rows: Row[]): Promise<number[]> {
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
  const ids = sourceIds.map((s) => bySource.get(s)!);
  rememberSources(TABLE[kind], ids, sourceIds);
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
  const table = TABLE[kind];
  const [row] = await harness.database.db.select().from(table).where(eq(table.id, id));
  return row as Record<string, unknown>;
}

export async function storedRows(
  harness: WithDatabase,
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

export const attemptsOf = (harness: WithDatabase, kind: string, recordId: number) =>
  harness.database.db
    .select()
    .from(postingAttempts)
    .where(eq(postingAttempts.recordId, recordId))
    .then((rows) => rows.filter((r) => r.kind === kind).sort((a, b) => a.id - b.id));
