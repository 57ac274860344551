import type { DateRangeQuery } from '@ff/contract';

/** Each tab's date filter lives in the page, so it survives switching tabs. */
export type JournalTabProps = {
  filters: DateRangeQuery;
  onFilter: (filters: DateRangeQuery) => void;
};
