import type { PostingRules } from '../../erp/posting-rules.js';
import { cashAdvanceRequests, cashAdvanceRules, fuelAdvanceRequests, fuelAdvanceRules } from './kinds/advances.js';
import { salesInvoiceRequests, salesInvoiceRules } from './kinds/sales-invoices.js';
import {
  firstJournalRequests,
  firstJournalRules,
  secondJournalRequests,
  secondJournalRules,
} from './kinds/transporter-invoices.js';
import { vasTransactionRequests, vasTransactionRules } from './kinds/vas-transactions.js';
import type { LedgerAccountLookup } from './records.repository.js';

/** Each kind's body-to-rows mapping and posting rules, bound to configuration. */
export function createRecordKinds(rules: PostingRules, timeZone: string, ledgers: LedgerAccountLookup) {
  return {
    sales: { requests: salesInvoiceRequests, rules: salesInvoiceRules(rules, timeZone) },
    firstJournal: { requests: firstJournalRequests, rules: firstJournalRules(rules, timeZone) },
    secondJournal: { requests: secondJournalRequests, rules: secondJournalRules(rules, timeZone) },
    cash: { requests: cashAdvanceRequests, rules: cashAdvanceRules(rules, timeZone, ledgers) },
    fuel: { requests: fuelAdvanceRequests, rules: fuelAdvanceRules(rules, timeZone, ledgers) },
    vas: { requests: vasTransactionRequests, rules: vasTransactionRules(rules, timeZone, ledgers) },
  };
}

export type RecordKinds = ReturnType<typeof createRecordKinds>;
