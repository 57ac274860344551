import { memo, useMemo, useState, type RefObject } from 'react';
import { getPaginationRowModel, type SortingState } from '@tanstack/react-table';
import type { DataTableProps, ListControl } from './data-table-props';
import { DataTableView } from './data-table-view';
import type { ExportSnapshot } from './export-menu';
import { resolveUpdater, useGridTable } from './grid-setup';
import { naturalSort } from './natural-sort';
import { clampPageIndex, countSelected, pageCount } from './paging';
import { getSearchedRowModel, getStableSortedRowModel } from './row-models';

export type DataTableGridProps<T> = Omit<
  DataTableProps<T>,
  'toolbar' | 'loading' | 'enableExport' | 'exportOptions' | 'server' | 'control'
> & {
  /** The search text. */
  search: string;
  /** The parent's sorting and page (the search is `search`); without it the grid holds them. */
  control?: ListControl | undefined;
  /** Receives the reader of the shown rows, for the toolbar's Export menu. */
  exportRef: RefObject<(() => ExportSnapshot<T>) | null>;
};

/**
 * The table in client mode: it holds every row and searches, sorts and pages them itself. table-core holds
 * one Row per record for as long as the data is the same; searching and sorting filter and re-order those
 * rows (see row-models.ts), and the body renders only the rows that are new on the page.
 */
function DataTableGridInner<T>(props: DataTableGridProps<T>) {
  const { search, control } = props;
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  // The page goes back to the first one whenever the search changes (no effect needed).
  const [page, setPage] = useState({ search, index: 0 });
  const sorting = control ? control.sorting : ownSorting;
  const pageIndex = control ? control.pageIndex : page.search === search ? page.index : 0;
  const setPageIndex = control ? control.onPageIndexChange : (index: number) => setPage({ search, index });

  // The whole data set: table-core builds its rows once per data change; the search filters them.
  const { table, selection, pageSize } = useGridTable(
    props,
    { sorting, pageIndex, search },
    {
      onSortingChange: (updater) => {
        if (control) return control.onSortingChange(resolveUpdater(updater, sorting));
        setOwnSorting((old) => resolveUpdater(updater, old));
        setPageIndex(0);
      },
      defaultColumn: { sortingFn: naturalSort },
      getFilteredRowModel: getSearchedRowModel(),
      getSortedRowModel: getStableSortedRowModel(),
      getPaginationRowModel: getPaginationRowModel(),
    },
  );

  // The searched, sorted rows; a page past the last one (the data shrank) moves back to the last page.
  // A controlled page is only shown clamped: the rows may still be loading, and the page in the URL stands.
  const searchedRows = table.getPrePaginationRowModel().rows;
  const currentPage = clampPageIndex(pageIndex, searchedRows.length, pageSize);
  if (currentPage !== pageIndex && !control) setPageIndex(currentPage);
  const searchedIds = useMemo(() => searchedRows.map((row) => row.id), [searchedRows]);

  return (
    <DataTableView
      table={table}
      aria-label={props['aria-label']}
      footer={{
        filteredTotal: searchedRows.length,
        selectedCount: countSelected(searchedIds, selection),
        pageIndex: currentPage,
        pageCount: pageCount(searchedRows.length, pageSize),
        onPageIndexChange: setPageIndex,
      }}
    />
  );
}

export const DataTableGrid = memo(DataTableGridInner) as typeof DataTableGridInner;
