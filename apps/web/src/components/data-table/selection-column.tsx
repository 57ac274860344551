import { Checkbox } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { RowCheckbox } from './row-checkbox';
import { gridMeta, pageSelectionState, toggleRowWithRange } from './selection-range';

export const SELECTION_COLUMN_ID = 'select';

/** Whether Shift was held: a checkbox's change comes from a click (mouse, or Space from the keyboard). */
const withShift = (event: { nativeEvent: Event }) => (event.nativeEvent as MouseEvent).shiftKey === true;

/**
 * The checkbox column. The header box is checked when every row of the page is selected and mixed when
 * some are; it selects the page's selectable rows, or clears the page when they all are. Shift-click on a
 * row's box (or Shift+Space) selects or clears every row between it and the last clicked one.
 */
export function selectionColumn<T>(): ColumnDef<T, unknown> {
  return {
    id: SELECTION_COLUMN_ID,
    size: 48,
    enableSorting: false,
    enableGlobalFilter: false,
    header: ({ table }) => {
      const state = pageSelectionState(table);
      return (
        <Checkbox
          size="xs"
          aria-label="Select all rows on this page"
          checked={state.checked}
          indeterminate={state.mixed}
          aria-checked={state.mixed ? 'mixed' : undefined}
          disabled={state.disabled}
          onChange={() => table.toggleAllPageRowsSelected(state.selectOnClick)}
        />
      );
    },
    // The light look-alike of the header's Checkbox: a page holds 100 of these.
    // A disabled box says why the row cannot be selected (issue 26, defect 9).
    cell: ({ row, table }) => {
      const disabled = !row.getCanSelect();
      const meta = gridMeta(table);
      return (
        <RowCheckbox
          aria-label={`Select ${meta.rowLabel?.(row.original) ?? `row ${row.id}`}`}
          rowId={row.id}
          checked={row.getIsSelected()}
          disabled={disabled}
          hint={disabled ? (meta.selectionHint?.(row.original) ?? undefined) : undefined}
          onChange={(event) => toggleRowWithRange(table, row, event.currentTarget.checked, withShift(event))}
        />
      );
    },
  };
}
