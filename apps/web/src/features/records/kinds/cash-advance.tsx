import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import { ledgerColumn } from '@/components/posting/account-select';
import { ofTrip, postingDateColumn } from '@/components/posting/draft-columns';
import { useLedgerChoice, type LedgerChoice } from '@/components/posting/ledger-accounts';
import { amountColumn, dateTimeColumn } from '@/components/posting/posting-columns';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';
import { postingKind, type SelectedRow } from '@/components/posting/posting-kind';
import { advanceTripColumns } from '../advance-columns';

type Row = RecordRowOf<'cashAdvance'>;

/** What the user chooses per cash advance before posting it. */
export type CashAdvanceDraft = {
  postingDate: Date | null;
  /** The petty-cash ledger (ledger account id) the advance is paid from. */
  ledgerId: number | null;
};

/** Posting date now (or the stored one); the ledger last chosen for the row, if any (a failed row keeps it). */
export function initialCashAdvanceDraft(row: Row, now: Date = new Date()): CashAdvanceDraft {
  return { postingDate: initialPostingDate(row.postingDate, now), ledgerId: row.onAccountId };
}

/**
 * Spec section 5: a valid posting date and a ledger. The ledger must be one of the loaded petty-cash
 * accounts, so nothing is selectable before they load and a disabled ledger cannot be posted to.
 */
export function isCashAdvanceReady(
  row: Row,
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
  selected: SelectedRow<Row, CashAdvanceDraft>[],
): PostBodyOf<'cashAdvance'> {
  return {
    postSap: selected.map(({ row, draft }) => ({
      cashAdvanceId: row.id,
      sapAccount: draft.ledgerId!,
      postingDate: toPostingDateValue(draft.postingDate!),
    })),
  };
}

/** Cash Advance (spec section 2): each row needs a posting date and the petty-cash ledger it is paid from. */
export default postingKind<'cashAdvance', CashAdvanceDraft, LedgerChoice>({
  name: 'cashAdvance',
  section: 'Advance',
  tableLabel: 'Cash advances',
  // The trip stays in view while the inputs on the right are scrolled to.
  pinning: { left: ['tripNumber'] },
  columns: [
    ...advanceTripColumns<Row>(),
    amountColumn<Row>('amount', 'Total Amount'),
    dateTimeColumn<Row>('documentDate', 'Document Date'),
    postingDateColumn<Row, CashAdvanceDraft>(ofTrip),
    ledgerColumn<Row, CashAdvanceDraft>(ofTrip),
  ],
  useScreenData: () => useLedgerChoice('petty cash'),
  initialDraft: (row) => initialCashAdvanceDraft(row),
  isReady: (row, draft, { ledgerIds }) => isCashAdvanceReady(row, draft, ledgerIds),
  toBody: toCashAdvancesBody,
});
