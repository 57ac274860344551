import { integer, pgTable } from 'drizzle-orm/pg-core';
import { MONEY, optionalDecimal } from '../../../imports/import-fields.js';
import {
  advanceTripColumns,
  commonColumns,
  money,
  oneStepIndexes,
  postingColumns,
} from '../shared/columns.js';
import { advanceTripDemo, minutes, tripMoney } from '../shared/demo.js';
import { ledgerJournalKind } from '../shared/ledger-journal.js';

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

/**
 * Cash advance: debit the transporter, credit the chosen petty-cash ledger (the body's `sapAccount`, stored as
 * the row's `onAccountId`) with the row's amount: a ledger journal with its defaults (shared/ledger-journal.ts).
 */
export const kind = ledgerJournalKind('cashAdvance', cashAdvances, {
  import: {
    name: 'cash-advances',
    noun: ['cash advance', 'cash advances'],
    fields: { amount: optionalDecimal(MONEY) },
  },
  /** The trip's cash advance, paid out half an hour to three hours before it starts. */
  demo: ({ random, trip, sourceId, when, foreign }) => ({
    sourceId: sourceId('CA'),
    documentDate: when(new Date(trip.startsAt.getTime() - minutes(random.int(30, 180)))),
    ...advanceTripDemo(trip),
    // A transit trip's driver is advanced US dollars for the border and beyond.
    ...tripMoney({ trip, foreign }, random.int(50, 500) * 100_00),
  }),
});

declare module '../shared/kind.js' {
  interface ServerKindRegistry {
    cashAdvance: typeof kind;
  }
}
