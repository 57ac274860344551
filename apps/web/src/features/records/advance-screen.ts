import type { RecordRowOf } from '@ff/contract';
import { useLedgerChoice } from '@/features/records/posting/ledger-accounts';
import { initialPostingDate, isPostingDateValid } from '@/features/records/posting/posting-date';
import { NO_POSTING_DATE, NO_POSTING_LEDGER, type NotReady } from '@/features/records/posting/not-ready';

type AdvanceRow = RecordRowOf<'cashAdvance'> | RecordRowOf<'fuelAdvance'>;

/** What the user chooses on every advance row (cash, fuel) before posting it. */
export type AdvanceDraft = {
  postingDate: Date | null;
  /** The petty-cash ledger (ledger account id) the advance is paid from. */
  ledgerId: number | null;
};

/** Posting date now (or the stored one); the ledger last chosen for the row, if any (a failed row keeps it). */
export function initialAdvanceDraft(row: AdvanceRow, now: Date = new Date()): AdvanceDraft {
  return {
    postingDate: initialPostingDate(row.postingDate, now, row.documentDate),
    ledgerId: row.onAccountId,
  };
}

/** Whether an advance row may be selected, given the loaded petty-cash ledgers (and now, for the date). */
export type AdvanceReadiness<R, D> = (
  row: R,
  draft: D,
  ledgerIds: ReadonlySet<number>,
  now?: Date,
) => boolean;

/**
 * docs/spec/product-spec.md section 5 for every advance: a valid posting date and a ledger. The ledger must be one of the loaded
 * petty-cash accounts, so nothing is selectable before they load and a disabled ledger cannot be posted to.
 */
export const isAdvanceDraftReady: AdvanceReadiness<AdvanceRow, AdvanceDraft> = (
  row,
  draft,
  ledgerIds,
  now = new Date(),
) =>
  isPostingDateValid(draft.postingDate, row.documentDate, now) &&
  draft.ledgerId !== null &&
  ledgerIds.has(draft.ledgerId);

/** Why an advance row cannot be selected yet: no (loaded) ledger first, then its posting date; null when both are set. */
export function advanceNotReady(
  row: AdvanceRow,
  draft: AdvanceDraft,
  ledgerIds: ReadonlySet<number>,
  now: Date = new Date(),
): NotReady | null {
  if (draft.ledgerId === null || !ledgerIds.has(draft.ledgerId)) return NO_POSTING_LEDGER;
  if (!isPostingDateValid(draft.postingDate, row.documentDate, now)) return NO_POSTING_DATE;
  return null;
}

/** What the advance screens (cash, fuel) share besides their draft: the section, pinning and screen data. */
export const advanceScreen = {
  section: 'Advance',
  // Each row picks the petty-cash ledger it is paid from.
  useScreenData: () => useLedgerChoice('petty cash'),
};
