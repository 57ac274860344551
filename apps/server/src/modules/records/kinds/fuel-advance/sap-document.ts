import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import {
  code,
  fitted,
  journal,
  positive,
  product,
  SIZE,
  type DocumentCommon,
  type SapDocumentRequest,
} from '../../../../erp/posting-rules.js';

export type FuelAdvanceInput = DocumentCommon & {
  transporterCode: string;
  ledgerAccount: string;
  collectedQuantity: string;
  unitPrice: string;
  pickupOrderNumber: string;
};

/** Debit the transporter, credit the chosen ledger: collected quantity x unit price; pickup order in Reference2. */
export function fuelAdvanceDocument(
  input: FuelAdvanceInput,
  _accounts?: SapPostingAccounts,
): SapDocumentRequest {
  const cents = positive(
    product(input.collectedQuantity, input.unitPrice),
    'The total (collected quantity x unit price)',
  );
  return journal(
    input,
    [
      {
        side: { partner: code(input.transporterCode, 'The transporter code') },
        debit: cents,
        memo: input.memo,
      },
      { side: { account: code(input.ledgerAccount, 'The ledger account') }, credit: cents, memo: input.memo },
    ],
    { reference2: fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number') },
  );
}
