import type { ColumnDef } from '@tanstack/react-table';
import type { PostBodyOf, RecordRowOf } from '@ff/contract';
import { RECORD_KINDS_PLAIN, type PostFieldRule, type RecordKindName } from '@ff/contract/plain';
import { ledgerColumn } from '@/features/records/posting/account-select';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import { ofTrip, postingDateColumn } from '@/features/records/posting/draft-columns';
import type { LedgerChoice } from '@/features/records/posting/ledger-accounts';
import { amountColumn, dateTimeColumn } from '@/features/records/posting/posting-columns';
import { toPostingDateValue } from '@/features/records/posting/posting-date';
import { postingKind, type PostingKind, type SelectedRow } from '@/features/records/posting/posting-kind';
import { advanceTripColumns } from './advance-columns';
import {
  advanceNotReady,
  advanceScreen,
  initialAdvanceDraft,
  isAdvanceDraftReady,
  type AdvanceDraft,
} from './advance-screen';

/**
 * The screen of a ledger-journal kind (cash advance; a sibling such as a toll advance): the advance's trip, the
 * kind's own columns, its amount and document date, then a posting date and the petty-cash ledger it is paid
 * from. Declared, not copied: a kind's screen file is one call with its table label and own columns; the amount,
 * the post body's id and ledger fields come from its registry entry.
 */
export function ledgerJournalScreen<K extends RecordKindName>(
  name: K,
  spec: { tableLabel: string; columns?: ColumnDef<RecordRowOf<K>, any>[] },
) {
  // Every ledger-journal row has the advance's trip, dates, chosen ledger and posting state (cash advance's row).
  type Row = RecordRowOf<'cashAdvance'>;
  const entry = RECORD_KINDS_PLAIN[name];
  const rules = entry.post.fields as Readonly<Record<string, PostFieldRule>>;
  const ledgerField = Object.keys(rules).find((field) => rules[field] === 'ledgerId')!;
  const amountOf = (row: Row) => (row as unknown as Record<string, string | null>)[entry.amountField] ?? null;
  const toBody = (selected: SelectedRow<Row, AdvanceDraft>[]) =>
    ({
      postSap: selected.map(({ row, draft }) => ({
        [entry.post.idField]: row.id,
        [ledgerField]: draft.ledgerId!,
        postingDate: toPostingDateValue(draft.postingDate!),
      })),
    }) as unknown as PostBodyOf<'cashAdvance'>;
  const screen = postingKind<'cashAdvance', AdvanceDraft, LedgerChoice>({
    name: name as 'cashAdvance',
    ...advanceScreen,
    tableLabel: spec.tableLabel,
    // The trip stays in view on the left, and the inputs a row needs before it can be selected (the
    // posting date and the ledger) on the right (issue 26, defect 9: the ledger was off-screen at 1440 px).
    pinning: { left: ['tripNumber'], right: ['postingDate', 'ledger'] },
    amountOf,
    bulk: {
      fields: ['postingDate', 'ledger'],
      options: ({ ledgerOptions }) => ({ ledger: ledgerOptions }),
      apply: (row, values) => sharedBulkPatch(row, values) as Partial<AdvanceDraft> | null,
    },
    columns: [
      ...advanceTripColumns<Row>(),
      ...((spec.columns ?? []) as ColumnDef<Row, any>[]),
      amountColumn<Row>(entry.amountField as 'amount', 'Total Amount'),
      dateTimeColumn<Row>('documentDate', 'Document Date'),
      postingDateColumn<Row, AdvanceDraft>(ofTrip),
      ledgerColumn<Row, AdvanceDraft>(ofTrip),
    ],
    initialDraft: (row) => initialAdvanceDraft(row),
    isReady: (row, draft, { ledgerIds }) => isAdvanceDraftReady(row, draft, ledgerIds),
    notReady: (row, draft, { ledgerIds }) => advanceNotReady(row, draft, ledgerIds),
    toBody,
  });
  return screen as unknown as PostingKind<K, AdvanceDraft, LedgerChoice>;
}
