import type { ReactNode } from 'react';
import type { DateRangeQuery } from '@ff/contract';
import { ErrorAlert } from './error-alert';
import { FiltersPanel } from './filters-panel';

export type FilteredListProps = {
  /** The list's date filters (as the URL holds them). */
  filters: DateRangeQuery;
  /** Called when Filter is pressed, with the chosen days. */
  onFilter: (filters: DateRangeQuery) => void;
  /** The list's query: while it fetches, the Filter button waits; when it failed, an alert replaces the table. */
  list: { isFetching: boolean; isError: boolean; error: unknown };
  /** The alert's text when a failure carries no server message. */
  errorFallback?: string;
  /** The table. */
  children: ReactNode;
};

/**
 * A list screen's body under its heading: the collapsible date Filters panel (open when a date is chosen),
 * then the table, or the red alert in its place when the list failed to load.
 */
export function FilteredList({ filters, onFilter, list, errorFallback, children }: FilteredListProps) {
  return (
    <>
      <FiltersPanel onFilter={onFilter} initialValue={filters} loading={list.isFetching} />
      {list.isError ? <ErrorAlert error={list.error} fallback={errorFallback} /> : children}
    </>
  );
}
