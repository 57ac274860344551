import type { PostVasTransactionsBody, VasTransactionRow } from '@ff/contract';
import {
  compareDecimal,
  isPostableQuantity,
  isValidQuantity,
  multiplyDecimal,
  subtractDecimal,
} from '@/features/records/posting/decimal';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/features/records/posting/posting-date';
import { isAccountPair, type VasAccounts } from './vas-account-pairing';

/** What the user enters per VAS transaction before queueing it for posting. */
export type VasTransactionDraft = {
  postingDate: Date | null;
  revenueId: number | null;
  costId: number | null;
  /** Decimal text as typed ('' when empty): at most the original quantity, up to 3 decimals. */
  collectedQuantity: string;
  /** The pickup order number the user types (sent as `orderNumber`). */
  pickupOrderNo: string;
};

export function initialVasTransactionDraft(
  row: VasTransactionRow,
  now: Date = new Date(),
): VasTransactionDraft {
  return {
    postingDate: initialPostingDate(row.postingDate, now, row.documentDate),
    revenueId: row.revenueAccountId,
    costId: row.costAccountId,
    collectedQuantity: row.collectedQuantity ?? '',
    pickupOrderNo: row.pickupOrderNo ?? '',
  };
}

export const isCollectedQuantityValid = (row: VasTransactionRow, quantity: string) =>
  isValidQuantity(quantity, row.originQuantity);

export type VasFigures = { total: string; margin: string };

/**
 * Total = selling price x collected quantity; Profit Margin = selling x q - buying x q. Each product is
 * exact to the cent (half-up), as the server and SAP book them, so the margin shown is the one posted.
 * Null while the quantity is empty or invalid.
 */
export function vasFigures(row: VasTransactionRow, quantity: string): VasFigures | null {
  if (!isCollectedQuantityValid(row, quantity)) return null;
  const q = quantity.trim();
  const total = multiplyDecimal(q, row.sellingUnitPrice);
  return { total, margin: subtractDecimal(total, multiplyDecimal(q, row.buyingUnitPrice)) };
}

/** A row sold below cost at its collected quantity: posting it needs the Post Loss permission. */
export function isVasLoss(
  row: VasTransactionRow,
  draft: Pick<VasTransactionDraft, 'collectedQuantity'>,
): boolean {
  const figures = vasFigures(row, draft.collectedQuantity);
  return figures !== null && compareDecimal(figures.margin, '0') < 0;
}

export const hasLoss = (selected: { row: VasTransactionRow; draft: VasTransactionDraft }[]) =>
  selected.some(({ row, draft }) => isVasLoss(row, draft));

/**
 * docs/spec/product-spec.md section 5: revenue and cost accounts (loaded, of the same category, as the server requires),
 * collected quantity, pickup order number and posting date.
 */
export function isVasTransactionReady(
  row: VasTransactionRow,
  draft: VasTransactionDraft,
  accounts: VasAccounts,
  now: Date = new Date(),
): boolean {
  return (
    isPostingDateValid(draft.postingDate, row.documentDate, now) &&
    isAccountPair(draft.revenueId, draft.costId, accounts) &&
    isPostableQuantity(draft.collectedQuantity, row.originQuantity) &&
    draft.pickupOrderNo.trim() !== ''
  );
}

export function toVasTransactionsBody(
  selected: { row: VasTransactionRow; draft: VasTransactionDraft }[],
): PostVasTransactionsBody {
  return {
    postSap: selected.map(({ row, draft }) => ({
      vasTransactionId: row.id,
      sapAccountRevenue: draft.revenueId!,
      sapAccountCost: draft.costId!,
      collectedQuantity: draft.collectedQuantity.trim(),
      productType: row.productType,
      postingDate: toPostingDateValue(draft.postingDate!),
      orderNumber: draft.pickupOrderNo.trim(),
    })),
  };
}
