import { amount, code, fitted, SIZE, type DocumentCommon } from '../../../../erp/posting-rules.js';
import { transferJournal } from '../shared/journal.js';

export type FirstJournalInput = DocumentCommon & { amount: string; supplierInvoiceNumber: string };

/** Debit transport cost, credit accrued transporter costs; the supplier's invoice number in Reference2. */
export const firstJournalDocument = transferJournal((input: FirstJournalInput, accounts) => ({
  cents: amount(input.amount, 'The invoice amount'),
  debit: { account: code(accounts.transportCost, 'The transport cost account') },
  credit: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') },
  reference2: fitted(input.supplierInvoiceNumber, SIZE.reference, 'The supplier invoice number'),
}));
