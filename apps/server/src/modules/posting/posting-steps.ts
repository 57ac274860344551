import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { cashAdvances, fuelAdvances, salesInvoices, transporterInvoices, vasTransactions, type PostingKind } from '../../db/schema.js';

/**
 * A "step" is one journal posting of one record kind. Transporter invoices have two steps on the same row
 * (first and second journal), so each step names the columns that hold its state.
 */
export type StepColumns = {
  status: PgColumn;
  postingDate: PgColumn;
  postedAt: PgColumn;
  postedById: PgColumn;
  sapDocEntry: PgColumn;
  sapDocNum: PgColumn;
  lastError: PgColumn;
};

/** Property names (for drizzle's `set`) of the same columns. */
export type StepProps = { [K in keyof StepColumns]: string };

export type PostingStep = {
  kind: PostingKind;
  table: PgTable & { id: PgColumn; documentDate: PgColumn; updatedAt: PgColumn };
  columns: StepColumns;
  props: StepProps;
  /** Singular and plural nouns for messages: 'sales invoice', 'sales invoices'. */
  noun: [string, string];
  /** A column that must equal 'posted' before this step may run (the second journal needs the first). */
  requiresPosted?: PgColumn;
};

const plainProps: StepProps = {
  status: 'status',
  postingDate: 'postingDate',
  postedAt: 'postedAt',
  postedById: 'postedById',
  sapDocEntry: 'sapDocEntry',
  sapDocNum: 'sapDocNum',
  lastError: 'lastError',
};

const plainColumns = (t: typeof salesInvoices | typeof cashAdvances | typeof fuelAdvances | typeof vasTransactions | typeof transporterInvoices): StepColumns => ({
  status: t.status,
  postingDate: t.postingDate,
  postedAt: t.postedAt,
  postedById: t.postedById,
  sapDocEntry: t.sapDocEntry,
  sapDocNum: t.sapDocNum,
  lastError: t.lastError,
});

export const POSTING_STEPS = {
  SI: { kind: 'SI', table: salesInvoices, columns: plainColumns(salesInvoices), props: plainProps, noun: ['sales invoice', 'sales invoices'] },
  FJ: {
    kind: 'FJ',
    table: transporterInvoices,
    columns: plainColumns(transporterInvoices),
    props: plainProps,
    noun: ['first journal transporter invoice', 'first journal transporter invoices'],
  },
  SJ: {
    kind: 'SJ',
    table: transporterInvoices,
    columns: {
      status: transporterInvoices.sjStatus,
      postingDate: transporterInvoices.sjPostingDate,
      postedAt: transporterInvoices.sjPostedAt,
      postedById: transporterInvoices.sjPostedById,
      sapDocEntry: transporterInvoices.sjSapDocEntry,
      sapDocNum: transporterInvoices.sjSapDocNum,
      lastError: transporterInvoices.sjLastError,
    },
    props: {
      status: 'sjStatus',
      postingDate: 'sjPostingDate',
      postedAt: 'sjPostedAt',
      postedById: 'sjPostedById',
      sapDocEntry: 'sjSapDocEntry',
      sapDocNum: 'sjSapDocNum',
      lastError: 'sjLastError',
    },
    noun: ['second journal transporter invoice', 'second journal transporter invoices'],
    requiresPosted: transporterInvoices.status,
  },
  CA: { kind: 'CA', table: cashAdvances, columns: plainColumns(cashAdvances), props: plainProps, noun: ['cash advance record', 'cash advance records'] },
  FA: { kind: 'FA', table: fuelAdvances, columns: plainColumns(fuelAdvances), props: plainProps, noun: ['fuel advance record', 'fuel advance records'] },
  VAS: { kind: 'VAS', table: vasTransactions, columns: plainColumns(vasTransactions), props: plainProps, noun: ['VAS transaction', 'VAS transactions'] },
} satisfies Record<PostingKind, PostingStep>;

/**
 * The idempotency key written into SAP's reference field. Journals carry it in Reference3 (27 characters):
 * FF-<kind>-<id>, e.g. FF-SJ-1042. A/R invoices carry it in Reference2, which SAP keeps to 11 characters,
 * so sales invoices use the compact FFSI<id> (up to 9,999,999 ids). See docs/decisions/004-idempotency-keys.md.
 */
export const idempotencyKey = (kind: PostingKind, recordId: number) =>
  kind === 'SI' ? `FFSI${recordId}` : `FF-${kind}-${recordId}`;

/** Where SAP keeps a step's key: the entity set and the reference field a look-up filters on. */
export const sapReferenceOf = (kind: PostingKind): { entity: 'JournalEntries' | 'Invoices'; referenceField: 'Reference2' | 'Reference3' } =>
  kind === 'SI' ? { entity: 'Invoices', referenceField: 'Reference2' } : { entity: 'JournalEntries', referenceField: 'Reference3' };

/**
 * How long a claimed record may go without its poster renewing the lease (posting_attempts.started_at)
 * before it counts as abandoned by a crashed process: twice the SAP timeout (at least 5 s). Posters renew
 * every quarter of it (`leaseRenewalMs`), so a live process is never taken for a dead one.
 */
export const staleAfterMs = (sapTimeoutMs: number) => Math.max(5_000, 2 * sapTimeoutMs);
export const leaseRenewalMs = (sapTimeoutMs: number) => Math.max(1_000, Math.floor(staleAfterMs(sapTimeoutMs) / 4));


/**
 * `UPDATE <step's table> SET <posted with SAP's keys>`: one text for the poster (markPosted) and the sweeper
 * (settleFound), which add their own WHERE.
 */
export function updateToPosted(step: PostingStep, ref: { docEntry: number | null; docNum: number | null }, now: string): SQL {
  const column = (c: PgColumn) => sql.identifier(c.name);
  const { columns } = step;
  return sql`UPDATE ${sql.identifier(getTableName(step.table))}
           SET ${column(columns.status)} = 'posted',
               ${column(columns.postedAt)} = ${now}::timestamptz,
               ${column(columns.sapDocEntry)} = ${ref.docEntry},
               ${column(columns.sapDocNum)} = ${ref.docNum},
               ${column(columns.lastError)} = NULL,
               ${column(step.table.updatedAt)} = ${now}::timestamptz`;
}
