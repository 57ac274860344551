import { Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { RowCheckbox } from './row-checkbox';

export const SELECTION_COLUMN_ID = 'select';

/** The checkbox column; the header box selects or clears the selectable rows of the current page. */
export function selectionColumn<T>(): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    size: 48,
    enableSorting: false,
    enableGlobalFilter: false,
    header: ({ table }) => {
      const pageRows = table.getRowModel().rows;
      return (
        <Checkbox
          size="xs"
          aria-label="Select all rows on this page"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          disabled={!pageRows.some((row) => row.getCanSelect())}
          onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
        />
      );
    },
    // The light look-alike of the header's Checkbox: a page holds 100 of these.
    cell: ({ row }) => (
      <RowCheckbox
        aria-label={`Select row ${row.id}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
      />
    ),
  };
}
