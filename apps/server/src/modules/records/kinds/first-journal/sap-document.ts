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

export type FirstJournalInput = DocumentCommon & { amount: string; supplierInvoiceNumber: string };

/** Debit transport cost, credit accrued transporter costs; the supplier's invoice number in Reference2. */
export function firstJournalDocument(
  input: FirstJournalInput,
  accounts: SapPostingAccounts,
): SapDocumentRequest {
  const cents = amount(input.amount, 'The invoice amount');
  return journal(
    input,
    [
      {
        side: { account: code(accounts.transportCost, 'The transport cost account') },
        debit: cents,
        memo: input.memo,
      },
      {
        side: { account: code(accounts.accruedTransporterCosts, 'The accrued transporter costs account') },
        credit: cents,
        memo: input.memo,
      },
    ],
    { reference2: fitted(input.supplierInvoiceNumber, SIZE.reference, 'The supplier invoice number') },
  );
}
