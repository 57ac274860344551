import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import { ledgerColumn } from '@/components/posting/account-select';
import { ofTrip, postingDateColumn } from '@/components/posting/draft-columns';
import type { LedgerChoice } from '@/components/posting/ledger-accounts';
import { amountColumn, dateTimeColumn } from '@/components/posting/posting-columns';
import { toPostingDateValue } from '@/components/posting/posting-date';
import { sharedBulkPatch } from '@/components/posting/bulk-apply';
import { postingKind, type SelectedRow } from '@/components/posting/posting-kind';
import { advanceTripColumns } from '../advance-columns';
import {
  advanceScreen,
  initialAdvanceDraft,
  isAdvanceDraftReady,
  type AdvanceDraft,
} from '../advance-screen';

type Row = RecordRowOf<'cashAdvance'>;

/** The post body for the selected rows (only ready rows can be selected). */
export function toCashAdvancesBody(selected: SelectedRow<Row, AdvanceDraft>[]): PostBodyOf<'cashAdvance'> {
  return {
    postSap: selected.map(({ row, draft }) => ({
      cashAdvanceId: row.id,
      sapAccount: draft.ledgerId!,
      postingDate: toPostingDateValue(draft.postingDate!),
    })),
  };
}

/** Cash Advance (docs/spec/product-spec.md section 2): each row needs a posting date and the petty-cash ledger it is paid from. */
export default postingKind<'cashAdvance', AdvanceDraft, LedgerChoice>({
  name: 'cashAdvance',
  ...advanceScreen,
  tableLabel: 'Cash advances',
  // The trip stays in view on the left (the screen's few columns fit at 1440 px).
  pinning: { left: ['tripNumber'] },
  amountOf: (row) => row.amount,
  bulk: {
    fields: ['postingDate', 'ledger'],
    options: ({ ledgerOptions }) => ({ ledger: ledgerOptions }),
    apply: (row, values) => sharedBulkPatch(row, values) as Partial<AdvanceDraft> | null,
  },
  columns: [
    ...advanceTripColumns<Row>(),
    amountColumn<Row>('amount', 'Total Amount'),
    dateTimeColumn<Row>('documentDate', 'Document Date'),
    postingDateColumn<Row, AdvanceDraft>(ofTrip),
    ledgerColumn<Row, AdvanceDraft>(ofTrip),
  ],
  initialDraft: (row) => initialAdvanceDraft(row),
  isReady: (row, draft, { ledgerIds }) => isAdvanceDraftReady(row, draft, ledgerIds),
  toBody: toCashAdvancesBody,
});
