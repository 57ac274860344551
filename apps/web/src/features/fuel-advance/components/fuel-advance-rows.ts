import type { FuelAdvanceRow, PostFuelAdvancesBody } from '@ff/contract';
import { isValidQuantity, multiplyDecimal } from '@/components/posting/decimal';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';

/** What the user enters per fuel advance before posting it. */
export type FuelAdvanceDraft = {
  postingDate: Date | null;
  /** The petty-cash ledger (ledger account id). */
  ledgerId: number | null;
  /** Decimal text as typed ('' when empty): at most the original quantity, up to 3 decimals. */
  collectedQuantity: string;
  /** The pickup order number the user types (sent as `orderNumber`). */
  pickupOrderNo: string;
};

/** Posting date now; what a failed row was last posted with, else empty inputs. */
export function initialFuelAdvanceDraft(row: FuelAdvanceRow, now: Date = new Date()): FuelAdvanceDraft {
  return {
    postingDate: initialPostingDate(row.postingDate, now),
    ledgerId: row.onAccountId,
    collectedQuantity: row.collectedQuantity ?? '',
    pickupOrderNo: row.pickupOrderNo ?? '',
  };
}

/** Whether the typed quantity may be posted: not negative, up to 3 decimals, at most the original quantity. */
export const isCollectedQuantityValid = (row: FuelAdvanceRow, quantity: string) =>
  isValidQuantity(quantity, row.originQuantity);

/** Collected quantity x unit price, exact to the cent (half-up); null while the quantity is empty or invalid. */
export function fuelAdvanceTotal(
  row: FuelAdvanceRow,
  draft: Pick<FuelAdvanceDraft, 'collectedQuantity'>,
): string | null {
  if (!isCollectedQuantityValid(row, draft.collectedQuantity)) return null;
  return multiplyDecimal(draft.collectedQuantity.trim(), row.unitPrice);
}

/** Spec section 5: ledger (one of the loaded petty-cash accounts), collected quantity, pickup order number, posting date. */
export function isFuelAdvanceReady(
  row: FuelAdvanceRow,
  draft: FuelAdvanceDraft,
  ledgerIds: ReadonlySet<number>,
  now: Date = new Date(),
): boolean {
  return (
    isPostingDateValid(draft.postingDate, row.documentDate, now) &&
    draft.ledgerId !== null &&
    ledgerIds.has(draft.ledgerId) &&
    isCollectedQuantityValid(row, draft.collectedQuantity) &&
    draft.pickupOrderNo.trim() !== ''
  );
}

/** The post body for the selected rows; the server recomputes the totals itself. */
export function toFuelAdvancesBody(
  selected: { row: FuelAdvanceRow; draft: FuelAdvanceDraft }[],
): PostFuelAdvancesBody {
  return {
    postSap: selected.map(({ row, draft }) => ({
      fuelAdvanceId: row.id,
      sapAccount: draft.ledgerId!,
      collectedQuantity: draft.collectedQuantity.trim(),
      postingDate: toPostingDateValue(draft.postingDate!),
      orderNumber: draft.pickupOrderNo.trim(),
    })),
  };
}
