import { useMemo } from 'react';
import { ScrollArea, Table } from '@mantine/core';
import type { Table as TableInstance } from '@tanstack/react-table';
import { DETAILS_COLUMN_ID } from './compact-layout';
import { DataTableBody } from './data-table-body';
import { DataTableFooter, type DataTableFooterProps } from './data-table-footer';
import { DataTableHead } from './data-table-head';
import { pinnedCellProps } from './pinning';
import classes from './data-table.module.css';

/** What the view renders: a table-core instance in either mode and the footer's figures. */
export type DataTableViewProps<T> = {
  /** The table-core instance, in either mode: its row model is the page to show. */
  table: TableInstance<T>;
  'aria-label'?: string;
  /** The counter and pager under the rows (which count the page's rows themselves). */
  footer: Omit<DataTableFooterProps, 'rowsOnPage'>;
};

/**
 * What both table modes render: the 60vh scroll area with the sticky header and the page's rows, then the
 * counter and the pager. The mode decides which rows the page holds and what the footer counts.
 */
export function DataTableView<T>({ table, footer, 'aria-label': ariaLabel }: DataTableViewProps<T>) {
  const pageRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  // The compact layout (phone width): tighter cells and headers that may wrap, so the row's few columns fit.
  const compact = visibleColumns.some((column) => column.id === DETAILS_COLUMN_ID);
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
          horizontalSpacing={compact ? 'xs' : 'sm'}
          fz="sm"
          className={classes.table}
          data-compact={compact || undefined}
          aria-label={ariaLabel}
        >
          <DataTableHead table={table} />
          <DataTableBody rows={pageRows} columnCount={visibleColumns.length} cellProps={cellProps} />
        </Table>
      </ScrollArea>
      <DataTableFooter {...footer} rowsOnPage={pageRows.length} />
    </>
  );
}
