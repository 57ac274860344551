import { memo, useEffect, useMemo, useState, type RefObject } from 'react';
import dayjs from 'dayjs';
import { ScrollArea, Table } from '@mantine/core';
import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnPinningState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { DataTableProps } from './data-table';
import { DataTableBody } from './data-table-body';
import { DataTableFooter } from './data-table-footer';
import { DataTableHead } from './data-table-head';
import { downloadCsv, rowsToCsv } from './export-csv';
import { naturalSort } from './natural-sort';
import { clampPageIndex, countSelected, pageCount } from './paging';
import { buildSearchIndex, filterBySearch, getSearchAccessors } from './search';
import { SELECTION_COLUMN_ID, selectionColumn } from './selection-column';
import classes from './data-table.module.css';

export type DataTableGridProps<T> = Omit<DataTableProps<T>, 'toolbar' | 'loading' | 'enableExport'> & {
  /** The (deferred) search text. */
  search: string;
  /** Receives the export action of the shown rows, for the toolbar's Export button. */
  exportRef: RefObject<(() => void) | null>;
};

const resolve = <S,>(updater: Updater<S>, previous: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(previous) : updater;

/**
 * The table itself. It only ever renders with the deferred search: the table-core instance caches its row
 * models in place, so rendering it with the old and the new search by turns (urgent keystroke render,
 * then background render) would rebuild 10,000 rows twice per key.
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
  const selectable = Boolean(enableRowSelection);

  // Search: one lowercase string per row, rebuilt only when the data or columns change.
  const accessors = useMemo(() => getSearchAccessors(columns), [columns]);
  const searchIndex = useMemo(() => buildSearchIndex(data, accessors), [data, accessors]);
  const rows = useMemo(() => filterBySearch(data, searchIndex, search), [data, searchIndex, search]);
  const rowIds = useMemo(() => rows.map(getRowId), [rows, getRowId]);

  const allColumns = useMemo(
    () => (selectable ? [selectionColumn<T>(), ...columns] : columns),
    [selectable, columns],
  );
  const pinnedLeft = props.columnPinning?.left;
  const pinnedRight = props.columnPinning?.right;
  const pinning = useMemo<ColumnPinningState>(
    () => ({ left: selectable ? [SELECTION_COLUMN_ID, ...(pinnedLeft ?? [])] : pinnedLeft, right: pinnedRight }),
    [selectable, pinnedLeft, pinnedRight],
  );
  const currentPage = clampPageIndex(pageIndex, rows.length, pageSize);
  // Stable identity, so table-core's memoised page rows (and the memoised body) survive unrelated renders.
  const pagination = useMemo(() => ({ pageIndex: currentPage, pageSize }), [currentPage, pageSize]);

  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection: selection, columnPinning: pinning, pagination },
    onSortingChange: (updater) => {
      setSorting((old) => resolve(updater, old));
      setPageIndex(0);
    },
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, selection);
      if (props.rowSelection === undefined) setOwnSelection(next);
      props.onRowSelectionChange?.(next);
    },
    enableRowSelection:
      typeof enableRowSelection === 'function' ? (row) => enableRowSelection(row.original) : selectable,
    enableSubRowSelection: false,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    defaultColumn: { sortingFn: naturalSort },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });

  const ariaLabel = props['aria-label'];
  useEffect(() => {
    exportRef.current = () => {
      const csv = rowsToCsv(table.getAllLeafColumns(), table.getPrePaginationRowModel().rows);
      const name = (ariaLabel ?? 'records').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      downloadCsv(`${name}-${dayjs().format('YYYY-MM-DD')}.csv`, csv);
    };
  }, [exportRef, table, ariaLabel]);

  const pageRows = table.getRowModel().rows;
  return (
    <>
      <ScrollArea h="60vh" type="auto">
        <Table stickyHeader verticalSpacing="xs" horizontalSpacing="sm" fz="sm" className={classes.table} aria-label={ariaLabel}>
          <DataTableHead table={table} />
          <DataTableBody
            rows={pageRows}
            columnCount={table.getVisibleLeafColumns().length}
            columns={allColumns}
            rowSelection={selection}
          />
        </Table>
      </ScrollArea>
      <DataTableFooter
        rowsOnPage={pageRows.length}
        filteredTotal={rows.length}
        selectedCount={countSelected(rowIds, selection)}
        pageIndex={currentPage}
        pageCount={pageCount(rows.length, pageSize)}
        onPageIndexChange={setPageIndex}
      />
    </>
  );
}

export const DataTableGrid = memo(DataTableGridInner) as typeof DataTableGridInner;
