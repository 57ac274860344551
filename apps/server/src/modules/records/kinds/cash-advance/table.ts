import { integer, pgTable } from 'drizzle-orm/pg-core';
import {
  advanceTripColumns,
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
} from '../shared/columns.js';

/** Cash advances paid to a transporter for a trip, posted against a petty-cash ledger. */
export const cashAdvances = pgTable(
  'cash_advances',
  {
    ...commonColumns(),
    ...advanceTripColumns(),
    amount: money('amount'),
    onAccountId: integer('on_account_id'),
    ...postingColumns('cashAdvance'),
  },
  (t) => oneStepIndexes('cashAdvance', 'cash_advances', t),
);
