import { pgTable, text } from 'drizzle-orm/pg-core';
import {
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
  tripContainerColumns,
} from '../shared/columns.js';

/** Sales invoices: one per trip, posted as an A/R service invoice to the customer. */
export const salesInvoices = pgTable(
  'sales_invoices',
  {
    ...commonColumns(),
    clientName: text('client_name').notNull(),
    customerCode: text('customer_code').notNull(),
    cargoRef: text('cargo_ref'),
    clientRef: text('client_ref'),
    ...tripContainerColumns(),
    route: text('route'),
    amount: money('amount'),
    /** SAP's VAT group of the invoice line (issue 25); null: the customer's in SAP, else none. */
    vatGroup: text('vat_group'),
    ...postingColumns('salesInvoice'),
  },
  (t) => oneStepIndexes('salesInvoice', 'sales_invoices', t),
);
