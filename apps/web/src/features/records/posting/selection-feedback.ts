import type { RecordRowOf } from '@ff/contract';
import type { RecordKindName } from '@ff/contract/plain';
import { notifyWarning } from '@/lib/notify';
import { INPUTS_MISSING, notSelectedMessage, type NotReady } from './not-ready';
import { sumAmountsByCurrency } from './selection-summary';
import type { PostingKind } from './posting-kind';
import type { PostingDraft, PostingRows } from './use-posting-rows';

/**
 * Why a posting list's rows cannot be selected (issue 26, defect 9): the disabled checkbox's hint, the
 * warning after a Shift range ('3 of 5 not selected: no posting ledger') and, for 'Select all N matching
 * records', the loaded rows' selection with the warning naming those it could not select. A kind without
 * `notReady` says its posting inputs are not filled in.
 */
export function selectionFeedback<K extends RecordKindName, D extends PostingDraft, C>(args: {
  kind: PostingKind<K, D, C>;
  context: C;
  posting: Pick<PostingRows<RecordRowOf<K>, D>, 'draftOf' | 'drafts' | 'addRows'>;
  /** The draft a row not seen yet starts with (a saved draft, else the kind's). */
  initialDraft: (row: RecordRowOf<K>) => D;
}) {
  const { kind, context, posting, initialDraft } = args;
  const notReadyOf = (row: RecordRowOf<K>, draft: D): NotReady =>
    kind.notReady?.(row, draft, context) ?? INPUTS_MISSING;
  return {
    selectionHint: (row: RecordRowOf<K>) => notReadyOf(row, posting.draftOf(row)).hint,
    onRangeSkipped: (skipped: RecordRowOf<K>[], rangeSize: number) => {
      notifyWarning({
        message: notSelectedMessage(
          skipped.map((row) => notReadyOf(row, posting.draftOf(row))),
          rangeSize,
        ),
      });
    },
    /** Adds the matching rows, selecting the ready ones, and says how many it could not select and why. */
    selectLoaded: (loaded: RecordRowOf<K>[]) => {
      const refused: NotReady[] = [];
      for (const row of loaded) {
        const draft = (posting.drafts[String(row.id)] as D | undefined) ?? initialDraft(row);
        if (!kind.isReady(row, draft, context)) refused.push(notReadyOf(row, draft));
      }
      posting.addRows(loaded, { select: true });
      if (refused.length > 0) notifyWarning({ message: notSelectedMessage(refused, loaded.length) });
    },
  };
}

/** The selection without these rows (the blocked rows the user chose to deselect). */
export function selectionWithout(
  selection: Record<string, boolean>,
  ids: readonly number[],
): Record<string, boolean> {
  const drop = new Set(ids.map(String));
  return Object.fromEntries(
    Object.keys(selection)
      .filter((id) => !drop.has(id))
      .map((id) => [id, true]),
  );
}

/** The selected rows' totals per currency, beside the post button; null for a kind without amounts. */
export function selectedTotalsOf<T extends { currency?: string | null }, D>(
  amountOf: ((row: T, draft: D) => string | null) | undefined,
  selected: readonly { row: T; draft: D }[],
) {
  if (!amountOf) return null;
  return sumAmountsByCurrency(
    selected.map(({ row, draft }) => ({ amount: amountOf(row, draft), currency: row.currency ?? null })),
  );
}
