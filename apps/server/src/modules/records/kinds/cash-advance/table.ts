import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { commonColumns, money, postingColumns, TO_POST } from '../shared/columns.js';

/** Cash advances paid to a transporter for a trip, posted against a petty-cash ledger. */
export const cashAdvances = pgTable(
  'cash_advances',
  {
    ...commonColumns(),
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
    index('cash_advances_to_post_idx')
      .on(t.documentDate)
      .where(sql`${t.status} ${TO_POST}`),
  ],
);
