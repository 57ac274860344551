import { memo } from 'react';
import { Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { flexRender, type ColumnDef, type Row, type RowSelectionState } from '@tanstack/react-table';
import { pinnedCellProps } from './pinning';
import classes from './data-table.module.css';

type DataTableBodyProps<T> = {
  rows: Row<T>[];
  columnCount: number;
  // Not read here: a change of either must re-render the rows (cells read them through the table).
  columns: ColumnDef<T, any>[];
  rowSelection: RowSelectionState;
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

function DataTableBodyInner<T>({ rows, columnCount }: DataTableBodyProps<T>) {
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
        <Table.Tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
          {row.getVisibleCells().map((cell) => (
            <Table.Td key={cell.id} className={classes.td} {...pinnedCellProps(cell.column)}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}

/** Only the current page's rows; skips re-rendering while the user is still typing a search. */
export const DataTableBody = memo(DataTableBodyInner) as typeof DataTableBodyInner;
