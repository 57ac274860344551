import { code, fitted, positive, product, SIZE, type DocumentCommon } from '../../../../erp/posting-rules.js';
import { transferJournal } from '../shared/journal.js';

export type FuelAdvanceInput = DocumentCommon & {
  transporterCode: string;
  ledgerAccount: string;
  collectedQuantity: string;
  unitPrice: string;
  pickupOrderNumber: string;
};

/** Debit the transporter, credit the chosen ledger: collected quantity x unit price; pickup order in Reference2. */
export const fuelAdvanceDocument = transferJournal((input: FuelAdvanceInput) => ({
  cents: positive(
    product(input.collectedQuantity, input.unitPrice),
    'The total (collected quantity x unit price)',
  ),
  debit: { partner: code(input.transporterCode, 'The transporter code') },
  credit: { account: code(input.ledgerAccount, 'The ledger account') },
  reference2: fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number'),
}));
