import type { RecordRowOf } from '@ff/contract';
import type { RecordKindName } from '@ff/contract/plain';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import type { BulkValues, PostingKind } from './posting-kind';
import type { PostingDraft, PostingRows } from './use-posting-rows';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const rowsLabel = (count: number, what: string) => `the ${count} ${what}${plural(count, '', 's')}`;

/** Whom 'Apply to rows' changes, as its bar says it: the selected rows, else the rows of the page. */
export function applyTargetLabel(selectedCount: number, pageCount: number): string {
  return selectedCount > 0
    ? rowsLabel(selectedCount, 'selected row')
    : `${rowsLabel(pageCount, 'row')} on this page`;
}

/**
 * 'Apply to rows' (issue 12): puts the bar's values into the selected rows' drafts, else into the page's rows
 * (those that become ready are then selected), and says in a toast how many changed, were selected, and kept
 * their values (a posting date before their document date).
 */
export function applyToRows<K extends RecordKindName, D extends PostingDraft, C>(
  kind: PostingKind<K, D, C>,
  posting: Pick<PostingRows<RecordRowOf<K>, D>, 'rowSelection' | 'applyDrafts'>,
  pageRows: readonly RecordRowOf<K>[],
  values: BulkValues,
  context: C,
): void {
  const bulk = kind.bulk;
  if (!bulk) return;
  const selectedIds = Object.keys(posting.rowSelection);
  const onSelection = selectedIds.length > 0;
  const ids = onSelection ? selectedIds : pageRows.map((row) => String(row.id));
  const outcome = posting.applyDrafts(ids, (row) => bulk.apply(row, values, context), {
    select: !onSelection,
  });
  const message = appliedMessage(outcome, bulk.tooEarly);
  (outcome.skipped ? notifyWarning : notifySuccess)({ message });
}

/**
 * What 'Apply to rows' says it did: how many rows changed and were selected, and how many kept their values
 * because the posting date is before the earliest a row allows (`tooEarly` names it: its document date, or a
 * second journal's first journal posting date).
 */
export function appliedMessage(
  outcome: { applied: number; selected: number; skipped: number },
  tooEarly = 'document date',
): string {
  const its = plural(outcome.skipped, 'its', 'their');
  const skipped = outcome.skipped
    ? ` ${outcome.skipped} row${plural(outcome.skipped, '', 's')} kept ${its} values: the posting date is before ${its} ${tooEarly}.`
    : '';
  return `Applied to ${outcome.applied} row${plural(outcome.applied, '', 's')}; ${outcome.selected} selected.${skipped}`;
}
