import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import {
  amount,
  code,
  journal,
  type DocumentCommon,
  type SapDocumentRequest,
} from '../../../../erp/posting-rules.js';

export type CashAdvanceInput = DocumentCommon & {
  amount: string;
  transporterCode: string;
  pettyCashAccount: string;
};

/** Debit the transporter, credit the chosen petty-cash ledger. */
export function cashAdvanceDocument(
  input: CashAdvanceInput,
  _accounts?: SapPostingAccounts,
): SapDocumentRequest {
  const cents = amount(input.amount, 'The amount');
  return journal(input, [
    {
      side: { partner: code(input.transporterCode, 'The transporter code') },
      debit: cents,
      memo: input.memo,
    },
    {
      side: { account: code(input.pettyCashAccount, 'The petty cash account') },
      credit: cents,
      memo: input.memo,
    },
  ]);
}
