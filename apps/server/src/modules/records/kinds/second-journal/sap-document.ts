import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import {
  amount,
  code,
  fitted,
  journal,
  SIZE,
  type DocumentCommon,
  type SapDocumentRequest,
} from '../../../../erp/posting-rules.js';

export type SecondJournalInput = DocumentCommon & {
  amount: string;
  transporterCode: string;
  supplierInvoiceNumber?: string | undefined;
};

/** Debit accrued transporter costs, credit the transporter (business partner). */
export function secondJournalDocument(
  input: SecondJournalInput,
  accounts: SapPostingAccounts,
): SapDocumentRequest {
  const cents = amount(input.amount, 'The invoice amount');
  const supplierInvoice = input.supplierInvoiceNumber?.trim();
  return journal(
    input,
    [
      {
        side: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') },
        debit: cents,
        memo: input.memo,
      },
      {
        side: { partner: code(input.transporterCode, 'The transporter code') },
        credit: cents,
        memo: input.memo,
      },
    ],
    supplierInvoice
      ? { reference2: fitted(supplierInvoice, SIZE.reference, 'The supplier invoice number') }
      : {},
  );
}
