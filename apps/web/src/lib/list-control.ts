import type { SortingState } from '@tanstack/react-table';

/**
 * A list's search, sorting and page, each with its setter, as the parent that holds them hands them to the
 * shared table: `useListUrlState`'s `control` (client mode), or a server-mode screen's paging.
 */
export type ListControl = {
  /** The search box's text as typed (a server-mode parent debounces what it sends). */
  search: string;
  onSearchChange: (search: string) => void;
  /** At most one column: `[{ id, desc }]`, or none for the list's own order. */
  sorting: SortingState;
  /** Called with the next sorting when a header is clicked (ascending, descending, then none). */
  onSortingChange: (sorting: SortingState) => void;
  /** 0-based (the URL's and the API's `page` is this plus 1). */
  pageIndex: number;
  onPageIndexChange: (pageIndex: number) => void;
};
