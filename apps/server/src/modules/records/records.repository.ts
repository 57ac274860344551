import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  CashAdvanceRow,
  FirstJournalRow,
  FuelAdvanceRow,
  SalesInvoiceRow,
  SecondJournalRow,
  VasTransactionRow,
} from '@ff/contract';
import type { ArrayRowsQuery, Db } from '../../db/client.js';
import {
  cashAdvances,
  fuelAdvances,
  ledgerAccounts,
  salesInvoices,
  transporterInvoices,
  vasTransactions,
} from '../../db/schema.js';

export type InstantRange = { start?: Date; endExclusive?: Date };

/**
 * The "still to post" lists. Date-times are formatted by PostgreSQL in the application's time zone and
 * money arrives as numeric text, so a 100,000-row answer is shaped without per-row JavaScript work.
 */
export function createRecordsRepository(db: Db, timeZone: string, arrayRows?: ArrayRowsQuery) {
  /**
   * A list statement built by drizzle, run through the driver in array row mode and shaped in one loop
   * (drizzle's own row mapping costs up to 1.6x the database time on a 50,000-row list; bench:list).
   */
  function list<T>(query: unknown): Promise<T[]> {
    const built = query as {
      toSQL(): { sql: string; params: unknown[] };
      _: { selectedFields: Record<string, unknown> };
    } & Promise<T[]>;
    // Without a driver runner (tests of the SQL, the benchmark's baseline) the drizzle query itself.
    if (!arrayRows) return built;
    return shape<T>(built, arrayRows);
  }

  async function shape<T>(
    built: { toSQL(): { sql: string; params: unknown[] }; _: { selectedFields: Record<string, unknown> } },
    arrayRows: ArrayRowsQuery,
  ): Promise<T[]> {
    const { sql: text, params } = built.toSQL();
    const fields = Object.keys(built._.selectedFields);
    const rows = await arrayRows(text, params);
    const out = new Array<T>(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      const values = rows[i]!;
      const row: Record<string, unknown> = {};
      for (let f = 0; f < fields.length; f += 1) row[fields[f]!] = values[f];
      out[i] = row as T;
    }
    return out;
  }

  const dateTime = (column: PgColumn) =>
    sql<string>`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const day = (column: PgColumn) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD')`;
  const toPost = (status: PgColumn) => inArray(status, ['unposted', 'failed']);
  const inRange = (column: PgColumn, range: InstantRange, ...more: SQL[]) => {
    const parts: SQL[] = [...more];
    if (range.start) parts.push(gte(column, range.start));
    if (range.endExclusive) parts.push(lt(column, range.endExclusive));
    return and(...parts);
  };

  return {
    async ledgerAccount(id: number): Promise<LedgerAccountRecord | undefined> {
      const [row] = await db
        .select({
          id: ledgerAccounts.id,
          accountNumber: ledgerAccounts.accountNumber,
          accountType: ledgerAccounts.accountType,
          category: ledgerAccounts.category,
          isActive: ledgerAccounts.isActive,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, id))
        .limit(1);
      return row;
    },

    /** The prices of VAS rows, for the loss check that runs before anything is claimed. */
    vasPrices(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      const t = vasTransactions;
      return db
        .select({ id: t.id, buyingUnitPrice: t.buyingUnitPrice, sellingUnitPrice: t.sellingUnitPrice })
        .from(t)
        .where(inArray(t.id, ids));
    },

    salesInvoices(range: InstantRange): Promise<SalesInvoiceRow[]> {
      const t = salesInvoices;
      return list(
        db
          .select({
            id: t.id,
            clientName: t.clientName,
            cargoRef: t.cargoRef,
            clientRef: t.clientRef,
            tripNumber: t.tripNumber,
            containerNumber: t.containerNumber,
            containerSize: t.containerSize,
            containerWeight: t.containerWeight,
            truckNumber: t.truckNumber,
            route: t.route,
            documentDate: dateTime(t.documentDate),
            postingDate: day(t.postingDate),
            amount: t.amount,
            status: sql<'unposted' | 'failed'>`${t.status}`,
            lastError: t.lastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, toPost(t.status)))
          .orderBy(t.documentDate, t.id),
      );
    },

    firstJournal(range: InstantRange): Promise<FirstJournalRow[]> {
      const t = transporterInvoices;
      return list(
        db
          .select({
            ...transporterColumns(),
            postingDate: day(t.postingDate),
            status: sql<'unposted' | 'failed'>`${t.status}`,
            lastError: t.lastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, toPost(t.status)))
          .orderBy(t.documentDate, t.id),
      );
    },

    secondJournal(range: InstantRange): Promise<SecondJournalRow[]> {
      const t = transporterInvoices;
      return list(
        db
          .select({
            ...transporterColumns(),
            postingDate: day(t.sjPostingDate),
            firstJournalPostedAt: dateTime(t.postedAt),
            status: sql<'unposted' | 'failed'>`${t.sjStatus}`,
            lastError: t.sjLastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, sql`${t.status} = 'posted'`, toPost(t.sjStatus)))
          .orderBy(t.documentDate, t.id),
      );
    },

    cashAdvances(range: InstantRange): Promise<CashAdvanceRow[]> {
      const t = cashAdvances;
      return list(
        db
          .select({
            id: t.id,
            tripNumber: t.tripNumber,
            route: t.route,
            transporterName: t.transporterName,
            truckNumber: t.truckNumber,
            amount: t.amount,
            documentDate: dateTime(t.documentDate),
            postingDate: day(t.postingDate),
            onAccountId: t.onAccountId,
            status: sql<'unposted' | 'failed'>`${t.status}`,
            lastError: t.lastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, toPost(t.status)))
          .orderBy(t.documentDate, t.id),
      );
    },

    fuelAdvances(range: InstantRange): Promise<FuelAdvanceRow[]> {
      const t = fuelAdvances;
      return list(
        db
          .select({
            id: t.id,
            tripNumber: t.tripNumber,
            route: t.route,
            transporterName: t.transporterName,
            truckNumber: t.truckNumber,
            orderNumber: t.orderNumber,
            warehouse: t.warehouse,
            description: t.description,
            originQuantity: t.originQuantity,
            collectedQuantity: t.collectedQuantity,
            unitPrice: t.unitPrice,
            totalAmount: t.totalAmount,
            documentDate: dateTime(t.documentDate),
            postingDate: day(t.postingDate),
            onAccountId: t.onAccountId,
            pickupOrderNo: t.pickupOrderNo,
            status: sql<'unposted' | 'failed'>`${t.status}`,
            lastError: t.lastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, toPost(t.status)))
          .orderBy(t.documentDate, t.id),
      );
    },

    vasTransactions(range: InstantRange): Promise<VasTransactionRow[]> {
      const t = vasTransactions;
      return list(
        db
          .select({
            id: t.id,
            tripNumber: t.tripNumber,
            transporterName: t.transporterName,
            truckNumber: t.truckNumber,
            orderNumber: t.orderNumber,
            supplierName: t.supplierName,
            warehouse: t.warehouse,
            description: t.description,
            originQuantity: t.originQuantity,
            collectedQuantity: t.collectedQuantity,
            buyingUnitPrice: t.buyingUnitPrice,
            sellingUnitPrice: t.sellingUnitPrice,
            totalAmount: t.totalAmount,
            profitMargin: t.profitMargin,
            productType: t.productType,
            revenueAccountId: t.revenueAccountId,
            costAccountId: t.costAccountId,
            documentDate: dateTime(t.documentDate),
            postingDate: day(t.postingDate),
            pickupOrderNo: t.pickupOrderNo,
            status: sql<'unposted' | 'failed'>`${t.status}`,
            lastError: t.lastError,
          })
          .from(t)
          .where(inRange(t.documentDate, range, toPost(t.status)))
          .orderBy(t.documentDate, t.id),
      );
    },
  };

  function transporterColumns() {
    const t = transporterInvoices;
    return {
      id: t.id,
      transporterName: t.transporterName,
      cargoReference: t.cargoReference,
      clientRef: t.clientRef,
      tripNumber: t.tripNumber,
      containerNumber: t.containerNumber,
      containerSize: t.containerSize,
      containerWeight: t.containerWeight,
      truckNumber: t.truckNumber,
      routeDetails: t.routeDetails,
      documentDate: dateTime(t.documentDate),
      supplierInvoiceNumber: t.supplierInvoiceNumber,
      invoiceAmount: t.invoiceAmount,
    };
  }
}

export type RecordsRepository = ReturnType<typeof createRecordsRepository>;

export type LedgerAccountRecord = {
  id: number;
  accountNumber: string;
  accountType: string;
  category: string;
  isActive: boolean;
};
export type LedgerAccountLookup = (id: number) => Promise<LedgerAccountRecord | undefined>;
