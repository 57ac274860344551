import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  viewableKinds,
  type ReconciliationDifference,
  type ReconciliationShownDifference,
} from '@ff/contract';

/**
 * What a caller may see of a run (issue 21, item 6): the differences of the kinds whose View permission they
 * hold. A SAP document no kind can be named for (its key only looks like ours) could be any kind's, so only a
 * holder of every kind's View permission sees it. The command line runs as the system and sees everything.
 */
export function visibleTo(permissions: readonly string[]) {
  const kinds = viewableKinds(permissions);
  const apiNames = new Set<string>(kinds.map((k) => RECORD_KINDS_PLAIN[k].apiName));
  const everyKind = kinds.length === RECORD_KIND_NAMES.length;
  return (difference: ReconciliationDifference) =>
    difference.kind === null ? everyKind : apiNames.has(difference.kind);
}

/** The differences `permissions` may see, each with its number in the run, and how many are left out. */
export function scoped(
  differences: ReconciliationDifference[],
  permissions: readonly string[],
): { shown: ReconciliationShownDifference[]; hidden: number } {
  const visible = visibleTo(permissions);
  const shown = differences.flatMap((difference, index) =>
    visible(difference) ? [{ ...difference, index }] : [],
  );
  return { shown, hidden: differences.length - shown.length };
}
