import { sql, type SQL } from 'drizzle-orm';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract';
import { instant } from '../../../../db/columns.js';
import { postingKeySql } from './posting-key.js';
import {
  date,
  index,
  integer,
  numeric,
  serial,
  text,
  uniqueIndex,
  type PgColumn,
  type PgTable,
} from 'drizzle-orm/pg-core';

/**
 * Column builders every kind's table uses. Trip records arrive from the transport management system, one
 * table per kind. Money is numeric(14,2) and quantities numeric(14,3), travelling as decimal strings: never
 * binary floats.
 *
 * Posting state per journal step: `unposted -> posting -> posted`, or `failed` (back in the list with the
 * SAP error); VAS rows go through `queued` first. Partial indexes keep "what is still to post in this date
 * range" fast with a million rows in a table.
 */
/** A kind's table: every one has these columns (shared/columns.ts). */
export type KindTable = PgTable & {
  id: PgColumn;
  sourceId: PgColumn;
  documentDate: PgColumn;
  currency: PgColumn;
  updatedAt: PgColumn;
};

export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

/**
 * `reversing`: a posted row whose SAP document is being cancelled (modules/postings/reversal*); it is neither
 * listed nor postable until the cancellation settles (back to `unposted` with the next generation, or `posted`).
 */
export const POSTING_STATUSES = ['unposted', 'queued', 'posting', 'posted', 'failed', 'reversing'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
const status = (name: string) => text(name, { enum: POSTING_STATUSES }).notNull().default('unposted');
/** The condition of the partial "still to post" indexes. */
export const TO_POST = sql`IN ('unposted', 'failed')`;

/** Columns every record shares: its source id, document date, currency, branch and when it was written. */
export const commonColumns = () => ({
  id: serial('id').primaryKey(),
  sourceId: text('source_id').notNull(),
  documentDate: instant('document_date').notNull(),
  /** ISO 4217, as the trip system sent it; null: the company's local currency (SAP's LocalCurrency). */
  currency: text('currency'),
  /** SAP's branch (BPLID) when the company uses branches; null: SAP's main branch (issue 25). */
  branch: integer('branch'),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** One journal step's posting columns, for a step of `kind`. */
export const postingColumns = (kind: RecordKindName, prefix = '') => ({
  status: status(`${prefix}status`),
  postingDate: date(`${prefix}posting_date`, { mode: 'string' }),
  postedAt: instant(`${prefix}posted_at`),
  postedById: integer(`${prefix}posted_by_id`),
  sapDocEntry: integer(`${prefix}sap_doc_entry`),
  sapDocNum: integer(`${prefix}sap_doc_num`),
  lastError: text(`${prefix}last_error`),
  /**
   * Which posting of the record this is: 1, then one more after each reversal. The idempotency key carries it
   * from the second on, so a re-post after a reversal never finds the cancelled document (decision 016).
   */
  generation: integer(`${prefix}generation`).notNull().default(1),
  /**
   * The idempotency key of the step's current posting, computed by the database from the source id and the
   * generation (posting-key.ts, decision 018): the same after a restore, different between records.
   */
  postingKey: text(`${prefix}posting_key`)
    .notNull()
    .generatedAlwaysAs(postingKeySql(kind, `${prefix}generation`)),
});

type PostingColumns = ReturnType<typeof postingColumns>;

/** A step's property name on a row holding two steps: `prefixed('fj', 'status')` is `fjStatus`. */
export const prefixed = (prefix: string, key: string) => `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}`;

/**
 * A step's posting columns on a row holding two steps (the transporter invoice): database names prefixed
 * `fj_`/`sj_`, property names `fjStatus`, `sjStatus`, ... so neither step is "the plain one".
 */
export function stepPostingColumns<P extends string>(kind: RecordKindName, prefix: P) {
  const columns = postingColumns(kind, `${prefix}_`);
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [prefixed(prefix, key), column]),
  ) as { [K in keyof PostingColumns as `${P}${Capitalize<K>}`]: PostingColumns[K] };
}

/** The transporter (a business partner) a record is for. */
export const transporterColumns = () => ({
  transporterName: text('transporter_name').notNull(),
  transporterCode: text('transporter_code').notNull(),
});

/** The trip, its container and truck, as the invoices (sales and transporter) carry them. */
export const tripContainerColumns = () => ({
  tripNumber: text('trip_number').notNull(),
  containerNumber: text('container_number'),
  containerSize: text('container_size'),
  containerWeight: text('container_weight'),
  truckNumber: text('truck_number'),
});

/** The trip, route, transporter and truck, as the advances (cash and fuel) carry them. */
export const advanceTripColumns = () => ({
  tripNumber: text('trip_number').notNull(),
  route: text('route'),
  ...transporterColumns(),
  truckNumber: text('truck_number'),
});

/** The quantity a record was raised for and the quantity collected (typed when it is posted). */
export const quantityColumns = () => ({
  originQuantity: quantity('origin_quantity').notNull(),
  collectedQuantity: quantity('collected_quantity'),
});

type IndexedColumns = { sourceId: PgColumn; documentDate: PgColumn; currency: PgColumn };

/** The unique index on the source id, the key of the import's upsert: `<table>_source_uq`. */
export const sourceIndex = (table: string, t: IndexedColumns) =>
  uniqueIndex(`${table}_source_uq`).on(t.sourceId);

/**
 * The trigram GIN index on the trip number of every row, `<table>_trip_search_idx`: the posting history's search
 * (`trip_number ILIKE`, modules/posting-history) over posted rows too, which the list's search index leaves out.
 */
export const tripSearchIndex = (table: string, t: { tripNumber: PgColumn }) =>
  index(`${table}_trip_search_idx`).using('gin', sql`${t.tripNumber} gin_trgm_ops`);

/** Between two cells of the search text: a character no one types, so a search never spans two cells. */
const CELL_SEPARATOR = sql.raw(`E'\\x1F'`);

/**
 * The text a step's list search matches (`ILIKE`): the registry's `searchFields` of the kind, each column's
 * text ('' when null, money and quantities as their numeric text), joined by a separator. Only IMMUTABLE
 * operations (coalesce, ||, numeric::text), so a trigram index holds it; the index (`stepIndexes`) and the
 * list query (shared/list.ts) both build it here, so the planner sees the identical expression.
 */
export function searchText(kind: RecordKindName, t: object): SQL {
  const columns = t as Record<string, PgColumn | undefined>;
  const parts = RECORD_KINDS_PLAIN[kind].searchFields.map((field: string) => {
    const column = columns[field];
    if (!column) throw new Error(`${kind}: search field ${field} is not a column of its table.`);
    return column.columnType === 'PgNumeric'
      ? sql`coalesce(${column}::text, '')`
      : sql`coalesce(${column}, '')`;
  });
  return sql`(${sql.join(parts, sql` || ${CELL_SEPARATOR} || `)})`;
}

/** A step's columns its indexes cover. */
type IndexedStep = { status: PgColumn; postedAt: PgColumn; postingKey: PgColumn };

/**
 * One posting step's indexes, each partial on the rows it serves (`<name>` is the table, or
 * `<table>_<step>` for the transporter table's two steps):
 * - `<name>_to_post_idx` (document_date, amount, then `awaiting`) on the rows still to post: the list's date
 *   range, and the dashboard's count, total and aging as an index-only scan (`awaiting`: the columns a kind's
 *   `awaitingAmount` reads besides the amount, e.g. fuel's original quantity and unit price);
 * - `<name>_search_idx`, a trigram GIN index on the search text of the rows still to post (the list's search);
 * - `<name>_posted_idx` (posted_at, amount) on the posted rows: the dashboard's posted per day;
 * - `<name>_failed_idx` (document_date) on the failed rows: the dashboard's failed count;
 * - `<name>_foreign_idx` (currency, document_date) on the rows still to post that carry a currency, and
 *   `<name>_posted_foreign_idx` (posted_at) on the posted ones: the dashboard's totals per currency (issue 25).
 *   Only rows with a currency are in them, so the spec's records cost them nothing.
 */
export function stepIndexes(
  kind: RecordKindName,
  name: string,
  t: IndexedColumns,
  step: IndexedStep,
  stillToPost: SQL,
  awaiting: PgColumn[] = [],
) {
  const amount = (t as unknown as Record<string, PgColumn>)[RECORD_KINDS_PLAIN[kind].amountField]!;
  return [
    index(`${name}_to_post_idx`)
      .on(t.documentDate, amount, ...awaiting)
      .where(stillToPost),
    index(`${name}_search_idx`)
      .using('gin', sql`${searchText(kind, t)} gin_trgm_ops`)
      .where(stillToPost),
    index(`${name}_posted_idx`)
      .on(step.postedAt, amount)
      .where(sql`${step.status} = 'posted'`),
    index(`${name}_failed_idx`)
      .on(t.documentDate)
      .where(sql`${step.status} = 'failed'`),
    index(`${name}_foreign_idx`)
      .on(t.currency, t.documentDate)
      .where(sql`${stillToPost} AND ${t.currency} IS NOT NULL`),
    index(`${name}_posted_foreign_idx`)
      .on(step.postedAt)
      .where(sql`${step.status} = 'posted' AND ${t.currency} IS NOT NULL`),
    // A key SAP holds, to its record: the look-up before posting and Reconciliation after a restore (decision 018).
    index(`${name}_posting_key_idx`).on(step.postingKey),
  ];
}

/**
 * The indexes of a table holding one step: its source index, its trip number's search index and its step's
 * indexes (`stepIndexes`).
 */
export const oneStepIndexes = (
  kind: RecordKindName,
  table: string,
  t: IndexedColumns & IndexedStep & { tripNumber: PgColumn },
  awaiting: PgColumn[] = [],
) => [
  sourceIndex(table, t),
  tripSearchIndex(table, t),
  ...stepIndexes(kind, table, t, t, sql`${t.status} ${TO_POST}`, awaiting),
];
