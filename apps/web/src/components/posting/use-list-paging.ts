import { useCallback, useEffect } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { SEARCH_DEBOUNCE_MS, type ListPaging } from './list-paging';

/** Changes one list's paging: an updater of its previous paging. */
export type UpdatePaging = (update: (previous: ListPaging) => ListPaging) => void;

/**
 * The table's callbacks over a list's paging, stable while `updatePaging` is: a new page, a new sorting
 * (back to the first page), the search box's text. The text is applied to the query once the user has
 * paused typing for `SEARCH_DEBOUNCE_MS`, and a search that changed moves back to the first page; the box
 * itself shows every keystroke at once.
 */
export function useListPaging(paging: ListPaging, updatePaging: UpdatePaging) {
  const { search, appliedSearch } = paging;
  useEffect(() => {
    if (search === appliedSearch) return undefined;
    const timer = setTimeout(
      () =>
        updatePaging((previous) =>
          previous.search.trim() === previous.appliedSearch.trim()
            ? { ...previous, appliedSearch: previous.search }
            : { ...previous, appliedSearch: previous.search, pageIndex: 0 },
        ),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, appliedSearch, updatePaging]);

  const onPageIndexChange = useCallback(
    (pageIndex: number) =>
      updatePaging((previous) => (previous.pageIndex === pageIndex ? previous : { ...previous, pageIndex })),
    [updatePaging],
  );
  const onSortingChange = useCallback(
    (sorting: SortingState) => updatePaging((previous) => ({ ...previous, sorting, pageIndex: 0 })),
    [updatePaging],
  );
  const onSearchChange = useCallback(
    (text: string) => updatePaging((previous) => ({ ...previous, search: text })),
    [updatePaging],
  );
  return { onPageIndexChange, onSortingChange, onSearchChange };
}
