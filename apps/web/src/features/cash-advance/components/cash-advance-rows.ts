import type { CashAdvanceRow, PostCashAdvancesBody } from '@ff/contract';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';

/** What the user chooses per cash advance before posting it. */
export type CashAdvanceDraft = {
  postingDate: Date | null;
  /** The petty-cash ledger (ledger account id) the advance is paid from. */
  ledgerId: number | null;
};

/** Posting date now (or the stored one); the ledger last chosen for the row, if any (a failed row keeps it). */
export function initialCashAdvanceDraft(row: CashAdvanceRow, now: Date = new Date()): CashAdvanceDraft {
  return { postingDate: initialPostingDate(row.postingDate, now), ledgerId: row.onAccountId };
}

/**
 * Spec section 5: a valid posting date and a ledger. The ledger must be one of the loaded petty-cash
 * accounts, so nothing is selectable before they load and a disabled ledger cannot be posted to.
 */
export function isCashAdvanceReady(
  row: CashAdvanceRow,
  draft: CashAdvanceDraft,
  ledgerIds: ReadonlySet<number>,
  now: Date = new Date(),
): boolean {
  return (
    isPostingDateValid(draft.postingDate, row.documentDate, now) &&
    draft.ledgerId !== null &&
    ledgerIds.has(draft.ledgerId)
  );
}

/** The post body for the selected rows (only ready rows can be selected). */
export function toCashAdvancesBody(
  selected: { row: CashAdvanceRow; draft: CashAdvanceDraft }[],
): PostCashAdvancesBody {
  return {
    postSap: selected.map(({ row, draft }) => ({
      cashAdvanceId: row.id,
      sapAccount: draft.ledgerId!,
      postingDate: toPostingDateValue(draft.postingDate!),
    })),
  };
}
