import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commonColumns, money, postingColumns, TO_POST } from '../shared/columns.js';

/** Sales invoices: one per trip, posted as an A/R service invoice to the customer. */
export const salesInvoices = pgTable(
  'sales_invoices',
  {
    ...commonColumns(),
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
    index('sales_invoices_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.status} ${TO_POST}`),
  ],
);
