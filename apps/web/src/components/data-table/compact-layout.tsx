import { Fragment } from 'react';
import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import {
  flexRender,
  type Cell,
  type ColumnDef,
  type ColumnOrderState,
  type Row,
  type VisibilityState,
} from '@tanstack/react-table';
import classes from './data-table.module.css';
import { gridMeta } from './selection-range';

/**
 * Below this width (a phone, 390 px) a table given `compactColumns` shows only those columns after the
 * checkbox, and the others in each row's details (issue 26, defect 1): pinned columns on both sides of a
 * phone's width covered each other and hid the checkbox and the trip.
 */
export const COMPACT_QUERY = '(max-width: 47.99em)';

export const DETAILS_COLUMN_ID = 'details';

/** A column definition's id, as table-core derives it (its `id`, else its `accessorKey`). */
export const columnIdOf = (column: ColumnDef<any, any>): string | undefined =>
  column.id ?? (column as { accessorKey?: string }).accessorKey;

/** Whether the compact layout applies: the table has compact columns and the screen is narrow. */
export function useCompactLayout(compactColumns: readonly string[] | undefined): boolean {
  const narrow = useMediaQuery(COMPACT_QUERY, false, { getInitialValueInEffect: false });
  return Boolean(compactColumns && compactColumns.length > 0 && narrow);
}

/** The columns the compact layout hides (every column not named in `compactColumns`) and their order. */
export function compactState(
  columns: ColumnDef<any, any>[],
  compactColumns: readonly string[],
  leading: readonly string[],
): { columnVisibility: VisibilityState; columnOrder: ColumnOrderState } {
  const shown = new Set(compactColumns);
  const columnVisibility: VisibilityState = {};
  for (const column of columns) {
    const id = columnIdOf(column);
    if (id && !shown.has(id)) columnVisibility[id] = false;
  }
  return { columnVisibility, columnOrder: [...leading, ...compactColumns] };
}

/** The toggle of a row's details (the compact layout's hidden columns), beside its checkbox. */
export function detailsColumn<T>(): ColumnDef<T, unknown> {
  return {
    id: DETAILS_COLUMN_ID,
    size: 40,
    enableSorting: false,
    enableGlobalFilter: false,
    header: () => <VisuallyHidden>Details</VisuallyHidden>,
    cell: ({ row, table }) => {
      const open = row.getIsExpanded();
      const Icon = open ? IconChevronDown : IconChevronRight;
      return (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Details of ${gridMeta(table).rowLabel?.(row.original) ?? `row ${row.id}`}`}
          aria-expanded={open}
          aria-controls={open ? detailsId(row.id) : undefined}
          onClick={() => row.toggleExpanded()}
        >
          <Icon size={16} aria-hidden />
        </ActionIcon>
      );
    },
  };
}

const detailsId = (rowId: string) => `row-details-${rowId}`;

/** A hidden column's label in the details: its header text, else its export header, else its id. */
function labelOf<T>(cell: Cell<T, unknown>): string {
  const { columnDef } = cell.column;
  if (typeof columnDef.header === 'string') return columnDef.header;
  const meta = columnDef.meta as { exportHeader?: string } | undefined;
  return meta?.exportHeader ?? cell.column.id;
}

/** The expanded row's details: each hidden column's label and cell (inputs included), in a list. */
export function RowDetails<T>({
  row,
  colSpan,
  className,
}: {
  row: Row<T>;
  colSpan: number;
  className: string;
}) {
  const hidden = row.getAllCells().filter((cell) => !cell.column.getIsVisible());
  if (hidden.length === 0) return null;
  return (
    <tr className={className} data-details>
      <td colSpan={colSpan} className={classes.detailsCell}>
        <dl id={detailsId(row.id)} className={classes.details}>
          {hidden.map((cell) => (
            <Fragment key={cell.id}>
              <dt>{labelOf(cell)}</dt>
              <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
            </Fragment>
          ))}
        </dl>
      </td>
    </tr>
  );
}
