import { sql } from 'drizzle-orm';
import { pgTable, text, type PgColumn } from 'drizzle-orm/pg-core';
import {
  commonColumns,
  money,
  sourceIndex,
  tripSearchIndex,
  stepPostingColumns,
  stepIndexes,
  TO_POST,
  transporterColumns,
  tripContainerColumns,
} from '../shared/columns.js';

type StepOf = (t: Record<`${'fj' | 'sj'}${'Status' | 'PostedAt' | 'PostingKey'}`, PgColumn>) => {
  status: PgColumn;
  postedAt: PgColumn;
  postingKey: PgColumn;
};
const fjStep: StepOf = (t) => ({ status: t.fjStatus, postedAt: t.fjPostedAt, postingKey: t.fjPostingKey });
const sjStep: StepOf = (t) => ({ status: t.sjStatus, postedAt: t.sjPostedAt, postingKey: t.sjPostingKey });

/**
 * Transporter invoices: one row, two journal steps (first-journal/ and second-journal/ post them). The first
 * journal accrues the transporter's cost (`fj*` columns); the second moves the accrual to the transporter's
 * account, only after the first (`sj*`). The table and its import piece are both steps' (the first journal's kind
 * carries the import, first-journal/index.ts).
 */
export const transporterInvoices = pgTable(
  'transporter_invoices',
  {
    ...commonColumns(),
    ...transporterColumns(),
    cargoReference: text('cargo_reference'),
    clientRef: text('client_ref'),
    ...tripContainerColumns(),
    routeDetails: text('route_details'),
    invoiceAmount: money('invoice_amount'),
    supplierInvoiceNumber: text('supplier_invoice_number'),
    ...stepPostingColumns('firstJournal', 'fj'),
    ...stepPostingColumns('secondJournal', 'sj'),
  },
  (t) => [
    sourceIndex('transporter_invoices', t),
    tripSearchIndex('transporter_invoices', t),
    ...stepIndexes('firstJournal', 'transporter_invoices_fj', t, fjStep(t), sql`${t.fjStatus} ${TO_POST}`),
    ...stepIndexes(
      'secondJournal',
      'transporter_invoices_sj',
      t,
      sjStep(t),
      sql`${t.fjStatus} = 'posted' AND ${t.sjStatus} ${TO_POST}`,
    ),
  ],
);
