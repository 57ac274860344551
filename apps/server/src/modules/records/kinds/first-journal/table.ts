import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commonColumns, money, stepPostingColumns, TO_POST } from '../shared/columns.js';

/**
 * Transporter invoices: one row, two journal steps (first-journal/ and second-journal/ post them). The first
 * journal accrues the transporter's cost (`fj*` columns); the second moves the accrual to the transporter's
 * account, only after the first (`sj*`). The table lives with the first journal, whose import brings the rows.
 */
export const transporterInvoices = pgTable(
  'transporter_invoices',
  {
    ...commonColumns(),
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
    ...stepPostingColumns('fj'),
    ...stepPostingColumns('sj'),
  },
  (t) => [
    uniqueIndex('transporter_invoices_source_uq').on(t.sourceId),
    index('transporter_invoices_fj_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.fjStatus} ${TO_POST}`),
    index('transporter_invoices_sj_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.fjStatus} = 'posted' AND ${t.sjStatus} ${TO_POST}`),
  ],
);
