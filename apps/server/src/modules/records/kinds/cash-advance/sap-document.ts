import { amount, code, type DocumentCommon } from '../../../../erp/posting-rules.js';
import { transferJournal } from '../shared/journal.js';

export type CashAdvanceInput = DocumentCommon & {
  amount: string;
  transporterCode: string;
  pettyCashAccount: string;
};

/** Debit the transporter, credit the chosen petty-cash ledger. */
export const cashAdvanceDocument = transferJournal((input: CashAdvanceInput) => ({
  cents: amount(input.amount, 'The amount'),
  debit: { partner: code(input.transporterCode, 'The transporter code') },
  credit: { account: code(input.pettyCashAccount, 'The petty cash account') },
}));
