import type { Row, RowSelectionState, Table } from '@tanstack/react-table';

/** Each table's last clicked row (the anchor of a Shift range); table-core keeps one instance per table. */
const anchors = new WeakMap<object, string>();

/**
 * A row checkbox's click: with Shift and an earlier click on a row still shown, every selectable row
 * between the two (in the order shown: searched and sorted, across pages in client mode) takes the
 * clicked box's new state; otherwise only this row does. The clicked row becomes the next anchor.
 */
export function toggleRowWithRange<T>(table: Table<T>, row: Row<T>, checked: boolean, shiftKey: boolean) {
  const anchorId = anchors.get(table);
  anchors.set(table, row.id);
  const shown = table.getPrePaginationRowModel().rows;
  const from = shiftKey && anchorId !== undefined ? shown.findIndex((r) => r.id === anchorId) : -1;
  const to = from < 0 ? -1 : shown.findIndex((r) => r.id === row.id);
  if (from < 0 || to < 0) {
    row.toggleSelected(checked);
    return;
  }
  const range = shown.slice(Math.min(from, to), Math.max(from, to) + 1);
  table.setRowSelection((old) => {
    const next: RowSelectionState = { ...old };
    for (const each of range) {
      if (!each.getCanSelect()) continue;
      if (checked) next[each.id] = true;
      else delete next[each.id];
    }
    return next;
  });
  // Selecting a range says which of its rows could not be selected (issue 26, defect 9), not silently.
  const skipped = checked ? range.filter((each) => !each.getCanSelect()) : [];
  if (skipped.length > 0)
    gridMeta(table).onRangeSkipped?.(
      skipped.map((each) => each.original),
      range.length,
    );
}

/** What the table's owner hands the checkbox column (data-table-props.ts `selectionHint`, `onRangeSkipped`). */
export type GridMeta<T> = {
  rowLabel?: (row: T) => string;
  selectionHint?: (row: T) => string | null;
  onRangeSkipped?: (skipped: T[], rangeSize: number) => void;
};

export const gridMeta = <T>(table: Table<T>) => (table.options.meta ?? {}) as GridMeta<T>;

/** The header box's state over the rows of the page: checked when all are selected, mixed when some are. */
export function pageSelectionState<T>(table: Table<T>) {
  const rows = table.getRowModel().rows;
  let selected = 0;
  let selectableUnselected = 0;
  let selectable = 0;
  for (const row of rows) {
    const isSelected = row.getIsSelected();
    if (isSelected) selected += 1;
    if (row.getCanSelect()) {
      selectable += 1;
      if (!isSelected) selectableUnselected += 1;
    }
  }
  const all = rows.length > 0 && selected === rows.length;
  return {
    checked: all,
    mixed: selected > 0 && !all,
    disabled: selectable === 0,
    /** A click selects the selectable rows not yet selected; when there are none, it clears the page. */
    selectOnClick: selectableUnselected > 0,
  };
}
