import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Trip records arriving from the transport management system, one table per kind. Money is numeric(14,2)
 * and quantities numeric(14,3), travelling as decimal strings: never binary floats.
 *
 * Posting state per journal step: `unposted -> posting -> posted`, or `failed` (back in the list with the
 * SAP error); VAS rows go through `queued` first. Partial indexes keep "what is still to post in this date
 * range" fast with a million rows in a table.
 */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
export const POSTING_STATUSES = ['unposted', 'queued', 'posting', 'posted', 'failed'] as const;
export type PostingStatus = (typeof POSTING_STATUSES)[number];
const status = (name: string) => text(name, { enum: POSTING_STATUSES }).notNull().default('unposted');
const TO_POST = sql`IN ('unposted', 'failed')`;

/** Columns every record shares: its source id, document date and the outcome of its (last) posting. */
const common = () => ({
  id: serial('id').primaryKey(),
  sourceId: text('source_id').notNull(),
  documentDate: instant('document_date').notNull(),
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** One journal step's posting columns, with a prefix for the two transporter steps. */
const postingColumns = (prefix = '') => ({
  status: status(`${prefix}status`),
  postingDate: date(`${prefix}posting_date`, { mode: 'string' }),
  postedAt: instant(`${prefix}posted_at`),
  postedById: integer(`${prefix}posted_by_id`),
  sapDocEntry: integer(`${prefix}sap_doc_entry`),
  sapDocNum: integer(`${prefix}sap_doc_num`),
  lastError: text(`${prefix}last_error`),
});

export const salesInvoices = pgTable(
  'sales_invoices',
  {
    ...common(),
    clientName: text('client_name').notNull(),
    customerCode: text('customer_code').notNull(),
    cargoRef: text('cargo_ref'),
    clientRef: text('client_ref'),
    tripNumber: text('trip_number').notNull(),
    containerNumber: text('container_number'),
    containerSize: text('container_size'),
    containerWeight: text('container_weight'),
    truckNumber: text('truck_number'),
    route: text('route'),
    amount: money('amount'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('sales_invoices_source_uq').on(t.sourceId),
    index('sales_invoices_to_post_idx').on(t.documentDate).where(sql`${t.status} ${TO_POST}`),
  ],
);

export const transporterInvoices = pgTable(
  'transporter_invoices',
  {
    ...common(),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    cargoReference: text('cargo_reference'),
    clientRef: text('client_ref'),
    tripNumber: text('trip_number').notNull(),
    containerNumber: text('container_number'),
    containerSize: text('container_size'),
    containerWeight: text('container_weight'),
    truckNumber: text('truck_number'),
    routeDetails: text('route_details'),
    invoiceAmount: money('invoice_amount'),
    supplierInvoiceNumber: text('supplier_invoice_number'),
    /** First journal: accrue the transporter's cost. */
    ...postingColumns('fj_'),
    /** Second journal: move the accrual to the transporter's account; only after the first. */
    sjStatus: status('sj_status'),
    sjPostingDate: date('sj_posting_date', { mode: 'string' }),
    sjPostedAt: instant('sj_posted_at'),
    sjPostedById: integer('sj_posted_by_id'),
    sjSapDocEntry: integer('sj_sap_doc_entry'),
    sjSapDocNum: integer('sj_sap_doc_num'),
    sjLastError: text('sj_last_error'),
  },
  (t) => [
    uniqueIndex('transporter_invoices_source_uq').on(t.sourceId),
    index('transporter_invoices_fj_to_post_idx').on(t.documentDate).where(sql`${t.status} ${TO_POST}`),
    index('transporter_invoices_sj_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.status} = 'posted' AND ${t.sjStatus} ${TO_POST}`),
  ],
);

export const cashAdvances = pgTable(
  'cash_advances',
  {
    ...common(),
    tripNumber: text('trip_number').notNull(),
    route: text('route'),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    truckNumber: text('truck_number'),
    amount: money('amount'),
    onAccountId: integer('on_account_id'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('cash_advances_source_uq').on(t.sourceId),
    index('cash_advances_to_post_idx').on(t.documentDate).where(sql`${t.status} ${TO_POST}`),
  ],
);

export const fuelAdvances = pgTable(
  'fuel_advances',
  {
    ...common(),
    tripNumber: text('trip_number').notNull(),
    route: text('route'),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    truckNumber: text('truck_number'),
    orderNumber: text('order_number'),
    warehouse: text('warehouse'),
    description: text('description'),
    originQuantity: quantity('origin_quantity').notNull(),
    collectedQuantity: quantity('collected_quantity'),
    unitPrice: money('unit_price').notNull(),
    totalAmount: money('total_amount'),
    pickupOrderNo: text('pickup_order_no'),
    onAccountId: integer('on_account_id'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('fuel_advances_source_uq').on(t.sourceId),
    index('fuel_advances_to_post_idx').on(t.documentDate).where(sql`${t.status} ${TO_POST}`),
  ],
);

export const vasTransactions = pgTable(
  'vas_transactions',
  {
    ...common(),
    tripNumber: text('trip_number'),
    transporterName: text('transporter_name').notNull(),
    transporterCode: text('transporter_code').notNull(),
    truckNumber: text('truck_number'),
    orderNumber: text('order_number'),
    supplierName: text('supplier_name').notNull(),
    supplierCode: text('supplier_code').notNull(),
    warehouse: text('warehouse'),
    description: text('description'),
    productType: text('product_type').notNull(),
    originQuantity: quantity('origin_quantity').notNull(),
    collectedQuantity: quantity('collected_quantity'),
    buyingUnitPrice: money('buying_unit_price').notNull(),
    sellingUnitPrice: money('selling_unit_price').notNull(),
    totalAmount: money('total_amount'),
    profitMargin: money('profit_margin'),
    pickupOrderNo: text('pickup_order_no'),
    revenueAccountId: integer('revenue_account_id'),
    costAccountId: integer('cost_account_id'),
    ...postingColumns(),
  },
  (t) => [
    uniqueIndex('vas_transactions_source_uq').on(t.sourceId),
    index('vas_transactions_to_post_idx').on(t.documentDate).where(sql`${t.status} ${TO_POST}`),
  ],
);

export const POSTING_KINDS = ['SI', 'FJ', 'SJ', 'CA', 'FA', 'VAS'] as const;
export type PostingKind = (typeof POSTING_KINDS)[number];

/**
 * One row per try at posting one record's journal step to SAP (architecture.md section 6): the
 * idempotency key written into SAP's reference field, and SAP's answer or the error.
 */
export const postingAttempts = pgTable(
  'posting_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: POSTING_KINDS }).notNull(),
    recordId: integer('record_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    outcome: text('outcome', { enum: ['pending', 'posted', 'found', 'failed', 'unknown'] })
      .notNull()
      .default('pending'),
    sapDocEntry: integer('sap_doc_entry'),
    sapDocNum: integer('sap_doc_num'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    requestedById: integer('requested_by_id'),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    /** An `unknown` attempt the sweeper looked up after the settle delay and SAP had no document for: settled. */
    recheckedAt: instant('rechecked_at'),
  },
  (t) => [index('posting_attempts_record_idx').on(t.kind, t.recordId)],
);

/** Bearer tokens the transport management system uses to call the import API; only hashes are stored. */
export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull().defaultNow(),
  lastUsedAt: instant('last_used_at'),
  revokedAt: instant('revoked_at'),
});
