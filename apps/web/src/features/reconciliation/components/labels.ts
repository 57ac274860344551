import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract/plain';
import type { ReconciliationDifferenceType, ReconciliationRun, ReconciliationSummary } from '@ff/contract';

/** Each difference type's badge and the summary card counting it. */
export const DIFFERENCE_TYPES: Record<
  ReconciliationDifferenceType,
  { label: string; color: string; summary: keyof ReconciliationSummary }
> = {
  missing_in_sap: { label: 'Missing in SAP', color: 'red', summary: 'missingInSap' },
  cancelled_in_sap: { label: 'Cancelled in SAP', color: 'orange', summary: 'cancelledInSap' },
  not_posted_here: { label: 'Not posted here', color: 'grape', summary: 'notPostedHere' },
  duplicate_in_sap: { label: 'Duplicate in SAP', color: 'red', summary: 'duplicateInSap' },
  amount_differs: { label: 'Amount differs', color: 'yellow', summary: 'amountDiffers' },
  date_differs: { label: 'Date differs', color: 'yellow', summary: 'dateDiffers' },
};

/** The kind's noun from its list API name ('journalCashAdvance' -> 'Cash advance record'). */
export function kindLabel(apiName: string | null): string {
  const name = RECORD_KIND_NAMES.find((n) => RECORD_KINDS_PLAIN[n].apiName === apiName);
  if (!name) return 'Unknown';
  const noun = RECORD_KINDS_PLAIN[name].noun.one;
  return noun.charAt(0).toUpperCase() + noun.slice(1);
}

/** The line under a run's differences when it found some in kinds the user may not view (not answered). */
export const hiddenLine = (count: number) =>
  count === 1
    ? '1 difference in a kind you may not view is not shown.'
    : `${count} differences in kinds you may not view are not shown.`;

export const differenceTotal = (summary: ReconciliationSummary | null) =>
  summary ? Object.values(DIFFERENCE_TYPES).reduce((sum, type) => sum + summary[type.summary], 0) : 0;

/** A run's status badge: finished runs say whether SAP agreed. */
export function runBadge(run: ReconciliationRun): { label: string; color: string } {
  switch (run.status) {
    case 'queued':
      return { label: 'Queued', color: 'gray' };
    case 'running':
      return { label: 'Running', color: 'blue' };
    case 'failed':
      return { label: 'Failed', color: 'red' };
    case 'done':
      return differenceTotal(run.summary) > 0
        ? { label: 'Differences', color: 'orange' }
        : { label: 'Matched', color: 'green' };
  }
}

export const startedByLabel = (run: ReconciliationRun) =>
  run.startedBy ?? (run.trigger === 'nightly' ? 'Nightly' : run.trigger === 'cli' ? 'Command line' : 'N/A');
