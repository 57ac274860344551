/**
 * Why a row cannot be selected yet (issue 26, defect 9): the disabled checkbox's hint ('Choose a posting
 * ledger first'), and the short reason the selection reports name ('148 of 248 not selected: no posting
 * ledger') when a Shift range or 'Select all N matching records' could not take every row.
 */
export type NotReady = { hint: string; reason: string };

/** A kind that names nothing more precise: its inputs are not all filled in yet. */
export const INPUTS_MISSING: NotReady = {
  hint: "Fill in this row's posting inputs first",
  reason: 'posting inputs not filled in',
};
export const NO_POSTING_LEDGER: NotReady = {
  hint: 'Choose a posting ledger first',
  reason: 'no posting ledger',
};
export const NO_POSTING_DATE: NotReady = {
  hint: 'Choose a posting date between the document date and now first',
  reason: 'no valid posting date',
};

const count = new Intl.NumberFormat('en-US');

/**
 * '148 of 248 not selected: no posting ledger'; several reasons each with their count, the commonest first:
 * '3 of 5 not selected: no posting ledger (2), no valid posting date (1)'.
 */
export function notSelectedMessage(reasons: readonly NotReady[], attempted: number): string {
  const byReason = new Map<string, number>();
  for (const { reason } of reasons) byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  const parts = [...byReason].sort((a, b) => b[1] - a[1]);
  const why =
    parts.length === 1
      ? parts[0]![0]
      : parts.map(([reason, n]) => `${reason} (${count.format(n)})`).join(', ');
  return `${count.format(reasons.length)} of ${count.format(attempted)} not selected: ${why}`;
}
