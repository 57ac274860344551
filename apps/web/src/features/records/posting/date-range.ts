import type { DateRangeQuery } from '@ff/contract';

/** Whether two date filters ask for the same days (pressing Filter again should then reload the list). */
export function isSameDateRange(a: DateRangeQuery, b: DateRangeQuery): boolean {
  return (a.fromDate ?? '') === (b.fromDate ?? '') && (a.toDate ?? '') === (b.toDate ?? '');
}
