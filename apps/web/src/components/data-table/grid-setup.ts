import { useMemo, useState, type RefObject } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnPinningState,
  type ExpandedState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type TableOptions,
  type Updater,
} from '@tanstack/react-table';
import type { DataTableProps } from './data-table-props';
import type { ExportSnapshot } from './export-menu';
import { useExportReader } from './export-snapshot';
import { SELECTION_COLUMN_ID, selectionColumn } from './selection-column';
import { compactState, detailsColumn, DETAILS_COLUMN_ID, useCompactLayout } from './compact-layout';

/** A table-core updater (a value or a function of the previous value) applied to `previous`. */
export const resolveUpdater = <S>(updater: Updater<S>, previous: S): S =>
  typeof updater === 'function' ? (updater as (old: S) => S)(previous) : updater;

/**
 * The columns and pinning both table modes (client and server) build the same way: the checkbox column
 * first when rows are selectable, pinned left with the screen's own pinned columns. Memoised, so table-core
 * keeps its rows and cells while nothing about the columns changes.
 *
 * In the compact layout (a phone, `compactColumns` given) the checkbox and a details toggle come first and
 * are the only pinned columns, then the compact columns; the others are hidden from the row and shown in its
 * details (issue 26, defect 1: pinned columns on both sides covered each other on a phone).
 */
function useGridColumns<T>(
  columns: ColumnDef<T, any>[],
  enableRowSelection: boolean | ((row: T) => boolean) | undefined,
  columnPinning: { left?: string[]; right?: string[] } | undefined,
  compactColumns: string[] | undefined,
) {
  const selectable = Boolean(enableRowSelection);
  const compact = useCompactLayout(compactColumns);
  const allColumns = useMemo(
    () => [
      ...(selectable ? [selectionColumn<T>()] : []),
      ...(compact ? [detailsColumn<T>()] : []),
      ...columns,
    ],
    [selectable, compact, columns],
  );
  const pinnedLeft = columnPinning?.left;
  const pinnedRight = columnPinning?.right;
  const pinning = useMemo<ColumnPinningState>(() => {
    const leading = selectable ? [SELECTION_COLUMN_ID] : [];
    if (compact) return { left: [...leading, DETAILS_COLUMN_ID], right: [] };
    return { left: [...leading, ...(pinnedLeft ?? [])], right: pinnedRight };
  }, [selectable, compact, pinnedLeft, pinnedRight]);
  const layout = useMemo(
    () =>
      compact && compactColumns
        ? compactState(columns, compactColumns, [
            ...(selectable ? [SELECTION_COLUMN_ID] : []),
            DETAILS_COLUMN_ID,
          ])
        : null,
    [compact, compactColumns, columns, selectable],
  );
  return { allColumns, pinning, selectable, layout };
}

type SelectionOptions<T> = Pick<
  TableOptions<T>,
  'onRowSelectionChange' | 'enableRowSelection' | 'enableSubRowSelection'
>;

/**
 * The selection options both modes give table-core: selection by row id, controlled by the parent when it
 * passes `rowSelection`, else kept in `setOwn`; a predicate decides per row which rows may be selected.
 */
function selectionOptions<T>(args: {
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

/**
 * The selection both modes show: the parent's `rowSelection` when it passes one, else the grid's own; with
 * the options that hand table-core's changes to the parent (and to the grid's own state when uncontrolled).
 */
function useGridSelection<T>(props: GridTableProps<T>) {
  const [ownSelection, setOwnSelection] = useState<RowSelectionState>({});
  const selection = props.rowSelection ?? ownSelection;
  const options = selectionOptions({
    selection,
    controlled: props.rowSelection !== undefined,
    setOwn: setOwnSelection,
    onChange: props.onRowSelectionChange,
    enableRowSelection: props.enableRowSelection,
  });
  return { selection, options };
}

/** What both modes' table-core instances are built from: the table's props and the Export menu's reader. */
type GridTableProps<T> = Pick<
  DataTableProps<T>,
  | 'data'
  | 'columns'
  | 'getRowId'
  | 'pageSize'
  | 'enableRowSelection'
  | 'rowSelection'
  | 'onRowSelectionChange'
  | 'columnPinning'
  | 'compactColumns'
  | 'rowLabel'
  | 'selectionHint'
  | 'onRangeSkipped'
> & {
  /** Receives the reader of the rows to export, for the toolbar's Export menu. */
  exportRef: RefObject<(() => ExportSnapshot<T>) | null>;
};

/**
 * The table-core instance of either mode: the rows and columns (the checkbox column first when rows are
 * selectable), the selection, the sorting `view.sorting` of one column at a time (ascending, descending,
 * then none), page `view.pageIndex` of `pageSize` rows and the search `view.search`. `modeOptions` adds
 * what the mode does its own way: its sorting handler and its row models, or the server's paging.
 * Keeps `exportRef` reading the rows the instance holds before its paging (useExportReader).
 */
export function useGridTable<T>(
  props: GridTableProps<T>,
  view: { sorting: SortingState; pageIndex: number; search?: string },
  modeOptions: Pick<TableOptions<T>, 'onSortingChange'> & Partial<TableOptions<T>>,
) {
  const { selection, options: selectionOptions } = useGridSelection(props);
  const { allColumns, pinning, layout } = useGridColumns(
    props.columns,
    props.enableRowSelection,
    props.columnPinning,
    props.compactColumns,
  );
  // The rows whose details are open (compact layout); kept by row id across pages and reloads.
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { sorting, pageIndex, search } = view;
  const pageSize = props.pageSize ?? 10;
  // Stable identity, so table-core's memoised page rows survive unrelated renders.
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const table = useReactTable<T>({
    data: props.data,
    columns: allColumns,
    getRowId: (row) => props.getRowId(row),
    state: {
      sorting,
      rowSelection: selection,
      columnPinning: pinning,
      pagination,
      globalFilter: search,
      expanded,
      ...(layout ?? {}),
    },
    ...selectionOptions,
    onExpandedChange: (updater) => setExpanded((old) => resolveUpdater(updater, old)),
    getRowCanExpand: () => true,
    autoResetExpanded: false,
    meta: {
      rowLabel: props.rowLabel,
      selectionHint: props.selectionHint,
      onRangeSkipped: props.onRangeSkipped,
    },
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    ...modeOptions,
  });
  useExportReader(props.exportRef, table);
  return { table, selection, pageSize };
}
