import type { SapPostingAccounts } from '../../../../config/sap-accounts.js';
import {
  code,
  fitted,
  journal,
  PostingRuleError,
  product,
  SIZE,
  type DocumentCommon,
  type Leg,
  type Side,
  type SapDocumentRequest,
} from '../../../../erp/posting-rules.js';
import { transfer } from '../shared/journal.js';

export type VasInput = DocumentCommon & {
  transporterCode: string;
  supplierCode: string;
  revenueAccount: string;
  costAccount: string;
  collectedQuantity: string;
  sellingUnitPrice: string;
  buyingUnitPrice: string;
  pickupOrderNumber: string;
};

/**
 * One journal, two balanced pairs: debit the transporter / credit revenue (selling total), and debit the
 * cost account / credit the supplier (buying total). A pair whose total is zero is left out (SAP refuses
 * zero lines); both zero is refused.
 */
export function vasTransactionDocument(input: VasInput, _accounts?: SapPostingAccounts): SapDocumentRequest {
  const selling = product(input.collectedQuantity, input.sellingUnitPrice);
  const buying = product(input.collectedQuantity, input.buyingUnitPrice);
  if (selling < 0n || buying < 0n)
    throw new PostingRuleError('Quantities and unit prices must not be negative.');
  if (selling === 0n && buying === 0n)
    throw new PostingRuleError('There is nothing to post: the selling and buying totals are both zero.');
  // A pair's sides are read (and checked) only when its total is posted.
  const pair = (total: bigint, debit: () => Side, credit: () => Side): Leg[] =>
    total > 0n ? transfer(debit(), credit(), total, input.memo) : [];
  const legs = [
    ...pair(
      selling,
      () => ({ partner: code(input.transporterCode, 'The transporter code') }),
      () => ({ account: code(input.revenueAccount, 'The revenue account') }),
    ),
    ...pair(
      buying,
      () => ({ account: code(input.costAccount, 'The cost account') }),
      () => ({ partner: code(input.supplierCode, 'The supplier code') }),
    ),
  ];
  return journal(input, legs, {
    reference2: fitted(input.pickupOrderNumber, SIZE.reference, 'The pickup order number'),
  });
}
