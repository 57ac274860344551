import { memo, useEffect, useMemo, useState, type RefObject } from 'react';
import {
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import type { DataTableProps } from './data-table';
import { DataTableView } from './data-table-view';
import { exportRowsAsCsv } from './export-csv';
import { resolveUpdater, selectionOptions, useGridColumns } from './grid-setup';
import { naturalSort } from './natural-sort';
import { clampPageIndex, countSelected, pageCount } from './paging';
import { getSearchedRowModel, getStableSortedRowModel } from './row-models';

export type DataTableGridProps<T> = Omit<
  DataTableProps<T>,
  'toolbar' | 'loading' | 'enableExport' | 'server'
> & {
  /** The search text. */
  search: string;
  /** Receives the export action of the shown rows, for the toolbar's Export button. */
  exportRef: RefObject<(() => void) | null>;
};

/**
 * The table in client mode: it holds every row and searches, sorts and pages them itself. table-core holds
 * one Row per record for as long as the data is the same; searching and sorting filter and re-order those
 * rows (see row-models.ts), and the body renders only the rows that are new on the page.
 */
function DataTableGridInner<T>(props: DataTableGridProps<T>) {
  const { data, columns, getRowId, pageSize = 10, enableRowSelection, search, exportRef } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  // The page goes back to the first one whenever the search changes (no effect needed).
  const [page, setPage] = useState({ search, index: 0 });
  const pageIndex = page.search === search ? page.index : 0;
  const setPageIndex = (index: number) => setPage({ search, index });
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const selection = props.rowSelection ?? ownSelection;
  const { allColumns, pinning } = useGridColumns(columns, enableRowSelection, props.columnPinning);
  // Stable identity, so table-core's memoised page rows survive unrelated renders.
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);

  const table = useReactTable<T>({
    // The whole data set: table-core builds its rows once per data change; the search filters them.
    data,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection: selection, columnPinning: pinning, pagination, globalFilter: search },
    onSortingChange: (updater) => {
      setSorting((old) => resolveUpdater(updater, old));
      setPageIndex(0);
    },
    ...selectionOptions({
      selection,
      controlled: props.rowSelection !== undefined,
      setOwn: setOwnSelection,
      onChange: props.onRowSelectionChange,
      enableRowSelection,
    }),
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    defaultColumn: { sortingFn: naturalSort },
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getSearchedRowModel(),
    getSortedRowModel: getStableSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  // The searched, sorted rows; a page past the last one (the data shrank) moves back to the last page.
  const searchedRows = table.getPrePaginationRowModel().rows;
  const currentPage = clampPageIndex(pageIndex, searchedRows.length, pageSize);
  if (currentPage !== pageIndex) setPageIndex(currentPage);
  const searchedIds = useMemo(() => searchedRows.map((row) => row.id), [searchedRows]);

  const ariaLabel = props['aria-label'];
  useEffect(() => {
    exportRef.current = () =>
      exportRowsAsCsv(ariaLabel, table.getAllLeafColumns(), table.getPrePaginationRowModel().rows);
  }, [exportRef, table, ariaLabel]);

  return (
    <DataTableView
      table={table}
      aria-label={ariaLabel}
      footer={{
        rowsOnPage: table.getRowModel().rows.length,
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
