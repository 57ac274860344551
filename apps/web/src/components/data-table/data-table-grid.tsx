import { memo, useEffect, useMemo, useState, type RefObject } from 'react';
import dayjs from 'dayjs';
import { ScrollArea, Table } from '@mantine/core';
import {
  getCoreRowModel,
  getPaginationRowModel,
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
import { pinnedCellProps } from './pinning';
import { getSearchedRowModel, getStableSortedRowModel } from './row-models';
import { SELECTION_COLUMN_ID, selectionColumn } from './selection-column';
import classes from './data-table.module.css';

export type DataTableGridProps<T> = Omit<DataTableProps<T>, 'toolbar' | 'loading' | 'enableExport'> & {
  /** The search text. */
  search: string;
  /** Receives the export action of the shown rows, for the toolbar's Export button. */
  exportRef: RefObject<(() => void) | null>;
};

const resolve = <S,>(updater: Updater<S>, previous: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(previous) : updater;

/**
 * The table itself. table-core holds one Row per record for as long as the data is the same; searching and
 * sorting filter and re-order those rows (see row-models.ts), and the body renders only the rows that are
 * new on the page.
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

  const allColumns = useMemo(
    () => (selectable ? [selectionColumn<T>(), ...columns] : columns),
    [selectable, columns],
  );
  const pinnedLeft = props.columnPinning?.left;
  const pinnedRight = props.columnPinning?.right;
  const pinning = useMemo<ColumnPinningState>(
    () => ({
      left: selectable ? [SELECTION_COLUMN_ID, ...(pinnedLeft ?? [])] : pinnedLeft,
      right: pinnedRight,
    }),
    [selectable, pinnedLeft, pinnedRight],
  );
  // Stable identity, so table-core's memoised page rows survive unrelated renders.
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);

  const table = useReactTable<T>({
    // The whole data set: table-core builds its rows once per data change; the search filters them.
    data,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: { sorting, rowSelection: selection, columnPinning: pinning, pagination, globalFilter: search },
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
    exportRef.current = () => {
      const csv = rowsToCsv(table.getAllLeafColumns(), table.getPrePaginationRowModel().rows);
      const name = (ariaLabel ?? 'records').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      downloadCsv(`${name}-${dayjs().format('YYYY-MM-DD')}.csv`, csv);
    };
  }, [exportRef, table, ariaLabel]);

  const pageRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  // The pinned columns' sticky placement, worked out once per pinning rather than once per cell.
  const pinnedLeftColumns = table.getLeftVisibleLeafColumns();
  const pinnedRightColumns = table.getRightVisibleLeafColumns();
  const cellProps = useMemo(
    () =>
      new Map(
        [...pinnedLeftColumns, ...pinnedRightColumns].map((column) => [column.id, pinnedCellProps(column)]),
      ),
    [pinnedLeftColumns, pinnedRightColumns],
  );
  return (
    <>
      <ScrollArea h="60vh" type="auto">
        <Table
          stickyHeader
          verticalSpacing="xs"
          horizontalSpacing="sm"
          fz="sm"
          className={classes.table}
          aria-label={ariaLabel}
        >
          <DataTableHead table={table} />
          <DataTableBody rows={pageRows} columnCount={visibleColumns.length} cellProps={cellProps} />
        </Table>
      </ScrollArea>
      <DataTableFooter
        rowsOnPage={pageRows.length}
        filteredTotal={searchedRows.length}
        selectedCount={countSelected(searchedIds, selection)}
        pageIndex={currentPage}
        pageCount={pageCount(searchedRows.length, pageSize)}
        onPageIndexChange={setPageIndex}
      />
    </>
  );
}

export const DataTableGrid = memo(DataTableGridInner) as typeof DataTableGridInner;
