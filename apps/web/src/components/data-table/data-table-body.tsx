import { memo } from 'react';
import { Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { flexRender, type Cell, type Row } from '@tanstack/react-table';
import { RowDetails } from './compact-layout';
import type { PinnedCellProps } from './pinning';
import classes from './data-table.module.css';

type DataTableBodyProps<T> = {
  /** The rows of the current page. */
  rows: Row<T>[];
  columnCount: number;
  /** Sticky placement of the pinned columns, by column id. */
  cellProps: ReadonlyMap<string, PinnedCellProps>;
};

export function EmptyState() {
  return (
    <Stack align="center" gap={6} className={classes.empty}>
      <ThemeIcon variant="light" color="gray" size={44} radius="xl">
        <IconDatabaseOff size={24} aria-hidden />
      </ThemeIcon>
      <Text fw={600}>No records found!</Text>
      <Text size="sm" c="dimmed">
        Try adjusting your filters or search criteria.
      </Text>
    </Stack>
  );
}

/*
 * A page has 100 rows of 5-20 cells. Rows and cells are plain <tr>/<td> elements with the classes and data
 * attributes Mantine's Table.Tr/Table.Td would give them (the <Table> around them sets the spacing and
 * border variables): a Table.Td is a Box, whose props and styles resolution per cell was most of the cost
 * of rendering a page.
 */
const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr ${classes.row}`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td ${classes.td}`;

type DataTableRowProps<T> = {
  row: Row<T>;
  /** table-core's memoised visible cells of the row: a new array for a new record, columns or pinning. */
  cells: Cell<T, unknown>[];
  /** Its details are open (compact layout): the hidden columns show in a row under it. */
  expanded: boolean;
  cellProps: ReadonlyMap<string, PinnedCellProps>;
  selected: boolean;
  /** Not read here: a change must re-render the row's checkbox (whether a row can be selected can change with its inputs). */
  selectable: boolean;
};

function DataTableRowInner<T>({ row, cells, cellProps, selected, expanded }: DataTableRowProps<T>) {
  const tr = (
    <tr className={ROW_CLASS} data-with-row-border data-selected={selected || undefined}>
      {cells.map((cell) => (
        <td key={cell.id} className={CELL_CLASS} {...cellProps.get(cell.column.id)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
  if (!expanded) return tr;
  return (
    <>
      {tr}
      <RowDetails row={row} colSpan={cells.length} className={ROW_CLASS} />
    </>
  );
}

/**
 * One row, re-rendered only when its record, columns or selection change: a search that keeps a row on the
 * page does not render it again. Inputs that edit a row's draft read it from a context, which reaches them
 * through the memo.
 */
const DataTableRow = memo(DataTableRowInner) as typeof DataTableRowInner;

export function DataTableBody<T>({ rows, columnCount, cellProps }: DataTableBodyProps<T>) {
  if (rows.length === 0) {
    return (
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={Math.max(columnCount, 1)}>
            <EmptyState />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    );
  }
  return (
    <Table.Tbody>
      {rows.map((row) => (
        <DataTableRow
          key={row.id}
          row={row}
          cells={row.getVisibleCells()}
          expanded={row.getIsExpanded()}
          cellProps={cellProps}
          selected={row.getIsSelected()}
          selectable={row.getCanSelect()}
        />
      ))}
    </Table.Tbody>
  );
}
