import { sql, type SQL } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
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
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });

export const POSTING_STATUSES = ['unposted', 'queued', 'posting', 'posted', 'failed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
const status = (name: string) => text(name, { enum: POSTING_STATUSES }).notNull().default('unposted');
/** The condition of the partial "still to post" indexes. */
export const TO_POST = sql`IN ('unposted', 'failed')`;

/** Columns every record shares: its source id, document date and when it was written. */
export const commonColumns = () => ({
  id: serial('id').primaryKey(),
  sourceId: text('source_id').notNull(),
  documentDate: instant('document_date').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** One journal step's posting columns. */
export const postingColumns = (prefix = '') => ({
  status: status(`${prefix}status`),
  postingDate: date(`${prefix}posting_date`, { mode: 'string' }),
  postedAt: instant(`${prefix}posted_at`),
  postedById: integer(`${prefix}posted_by_id`),
  sapDocEntry: integer(`${prefix}sap_doc_entry`),
  sapDocNum: integer(`${prefix}sap_doc_num`),
  lastError: text(`${prefix}last_error`),
});

type PostingColumns = ReturnType<typeof postingColumns>;

/** A step's property name on a row holding two steps: `prefixed('fj', 'status')` is `fjStatus`. */
export const prefixed = (prefix: string, key: string) => `${prefix}${key[0]!.toUpperCase()}${key.slice(1)}`;

/**
 * A step's posting columns on a row holding two steps (the transporter invoice): database names prefixed
 * `fj_`/`sj_`, property names `fjStatus`, `sjStatus`, ... so neither step is "the plain one".
 */
export function stepPostingColumns<P extends string>(prefix: P) {
  const columns = postingColumns(`${prefix}_`);
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

type IndexedColumns = { sourceId: PgColumn; documentDate: PgColumn };

/** The unique index on the source id, the key of the import's upsert: `<table>_source_uq`. */
export const sourceIndex = (table: string, t: IndexedColumns) =>
  uniqueIndex(`${table}_source_uq`).on(t.sourceId);

/** The partial index on the document date of the rows `stillToPost` selects: `<name>_to_post_idx`. */
export const toPostIndex = (name: string, t: IndexedColumns, stillToPost: SQL) =>
  index(`${name}_to_post_idx`).on(t.documentDate).where(stillToPost);

/** The indexes of a table holding one step: its source index and its step's "still to post" index. */
export const oneStepIndexes = (table: string, t: IndexedColumns & { status: PgColumn }) => [
  sourceIndex(table, t),
  toPostIndex(table, t, sql`${t.status} ${TO_POST}`),
];
