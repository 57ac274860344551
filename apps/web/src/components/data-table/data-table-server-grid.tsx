import { memo, useEffect, useMemo, useState, type RefObject } from 'react';
import { getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import type { DataTableProps, ServerPaging } from './data-table-props';
import { DataTableView } from './data-table-view';
import type { ExportSnapshot } from './export-menu';
import { tableExportSnapshot } from './export-snapshot';
import { resolveUpdater, selectionOptions, useGridColumns } from './grid-setup';
import { clampPageIndex, pageCount } from './paging';

/** The table's props in server mode, without the toolbar's (search box, buttons, overlay). */
export type DataTableServerGridProps<T> = Omit<
  DataTableProps<T>,
  'toolbar' | 'loading' | 'enableExport' | 'exportOptions' | 'server' | 'control'
> &
  Omit<ServerPaging, 'search' | 'onSearchChange'> & {
    /** Receives the reader of the page's rows, for the toolbar's Export menu. */
    exportRef: RefObject<(() => ExportSnapshot<T>) | null>;
  };

/**
 * The table in server mode: `data` is one page the server searched, sorted and cut; the parent owns the
 * page index, sorting and search and fetches the page they name. The counter and pager count `total`, the
 * rows matching on every page, and the parent counts the selected ones (rows selected on other pages
 * included). A page past the last one (after a post, `total` dropped) asks the parent for the last page.
 */
function DataTableServerGridInner<T>(props: DataTableServerGridProps<T>) {
  const { data, columns, getRowId, pageSize = 10, enableRowSelection, exportRef } = props;
  const { total, pageIndex, onPageIndexChange, sorting, onSortingChange, selectedCount } = props;
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const selection = props.rowSelection ?? ownSelection;
  const { allColumns, pinning } = useGridColumns(columns, enableRowSelection, props.columnPinning);
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);

  const table = useReactTable<T>({
    data,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection: selection, columnPinning: pinning, pagination },
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: total ?? 0,
    onSortingChange: (updater) => onSortingChange(resolveUpdater(updater, sorting)),
    ...selectionOptions({
      selection,
      controlled: props.rowSelection !== undefined,
      setOwn: setOwnSelection,
      onChange: props.onRowSelectionChange,
      enableRowSelection,
    }),
    // One column at a time: ascending, descending, then the server's own order (as in client mode).
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
  });

  const pages = pageCount(total ?? 0, pageSize);
  // Before the first answer (`total` null) the page index stands: it may be a tab's page coming back.
  const currentPage = total === null ? pageIndex : clampPageIndex(pageIndex, total, pageSize);
  useEffect(() => {
    if (currentPage !== pageIndex) onPageIndexChange(currentPage);
  }, [currentPage, pageIndex, onPageIndexChange]);

  const ariaLabel = props['aria-label'];
  useEffect(() => {
    exportRef.current = () =>
      tableExportSnapshot(
        table,
        table.getRowModel().rows.map((row) => row.original),
      );
  }, [exportRef, table]);

  return (
    <DataTableView
      table={table}
      aria-label={ariaLabel}
      footer={{
        rowsOnPage: table.getRowModel().rows.length,
        filteredTotal: total ?? 0,
        selectedCount,
        pageIndex: currentPage,
        pageCount: pages,
        onPageIndexChange,
      }}
    />
  );
}

/** Memoised: a keystroke in the search box, which re-renders the parent, leaves the rows alone. */
export const DataTableServerGrid = memo(DataTableServerGridInner) as typeof DataTableServerGridInner;
