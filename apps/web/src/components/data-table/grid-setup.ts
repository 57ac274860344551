import { useMemo } from 'react';
import type {
  ColumnDef,
  ColumnPinningState,
  Row,
  RowSelectionState,
  TableOptions,
  Updater,
} from '@tanstack/react-table';
import { SELECTION_COLUMN_ID, selectionColumn } from './selection-column';

/** A table-core updater (a value or a function of the previous value) applied to `previous`. */
export const resolveUpdater = <S>(updater: Updater<S>, previous: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(previous) : updater;

/**
 * The columns and pinning both table modes (client and server) build the same way: the checkbox column
 * first when rows are selectable, pinned left with the screen's own pinned columns. Memoised, so table-core
 * keeps its rows and cells while nothing about the columns changes.
 */
export function useGridColumns<T>(
  columns: ColumnDef<T, any>[],
  enableRowSelection: boolean | ((row: T) => boolean) | undefined,
  columnPinning: { left?: string[]; right?: string[] } | undefined,
) {
  const selectable = Boolean(enableRowSelection);
  const allColumns = useMemo(
    () => (selectable ? [selectionColumn<T>(), ...columns] : columns),
    [selectable, columns],
  );
  const pinnedLeft = columnPinning?.left;
  const pinnedRight = columnPinning?.right;
  const pinning = useMemo<ColumnPinningState>(
    () => ({
      left: selectable ? [SELECTION_COLUMN_ID, ...(pinnedLeft ?? [])] : pinnedLeft,
      right: pinnedRight,
    }),
    [selectable, pinnedLeft, pinnedRight],
  );
  return { allColumns, pinning, selectable };
}

type SelectionOptions<T> = Pick<
  TableOptions<T>,
  'onRowSelectionChange' | 'enableRowSelection' | 'enableSubRowSelection'
>;

/**
 * The selection options both modes give table-core: selection by row id, controlled by the parent when it
 * passes `rowSelection`, else kept in `setOwn`; a predicate decides per row which rows may be selected.
 */
export function selectionOptions<T>(args: {
  selection: RowSelectionState;
  controlled: boolean;
  setOwn: (next: RowSelectionState) => void;
  onChange: ((next: Record<string, boolean>) => void) | undefined;
  enableRowSelection: boolean | ((row: T) => boolean) | undefined;
}): SelectionOptions<T> {
  const { selection, controlled, setOwn, onChange, enableRowSelection } = args;
  return {
    onRowSelectionChange: (updater) => {
      const next = resolveUpdater(updater, selection);
      if (!controlled) setOwn(next);
      onChange?.(next);
    },
    enableRowSelection:
      typeof enableRowSelection === 'function'
        ? (row: Row<T>) => enableRowSelection(row.original)
        : Boolean(enableRowSelection),
    enableSubRowSelection: false,
  };
}
