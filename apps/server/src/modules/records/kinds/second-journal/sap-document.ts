import { amount, code, fitted, SIZE, type DocumentCommon } from '../../../../erp/posting-rules.js';
import { transferJournal } from '../shared/journal.js';

export type SecondJournalInput = DocumentCommon & {
  amount: string;
  transporterCode: string;
  supplierInvoiceNumber?: string | undefined;
};

/** Debit accrued transporter costs, credit the transporter (business partner). */
export const secondJournalDocument = transferJournal((input: SecondJournalInput, accounts) => {
  const cents = amount(input.amount, 'The invoice amount');
  const supplierInvoice = input.supplierInvoiceNumber?.trim();
  return {
    cents,
    debit: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') },
    credit: { partner: code(input.transporterCode, 'The transporter code') },
    reference2: supplierInvoice
      ? fitted(supplierInvoice, SIZE.reference, 'The supplier invoice number')
      : undefined,
  };
});
