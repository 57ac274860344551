import {
  memo,
  type Row,
  type RowData,
  type RowModel,
  type SortingFn,
  type Table,
} from '@tanstack/react-table';
import { buildSearchIndex, filterBySearch, getSearchAccessors } from './search';

/*
 * Row models for flat lists that keep table-core's Row objects alive across searches and sorts: the core
 * model is built once per data change, and searching or sorting only re-orders and filters those same
 * objects. Rebuilding 10,000 rows (table-core's way when the data array itself is filtered) cost more per
 * keystroke than rendering the page, mostly in garbage collection; and a row that keeps its Row object
 * keeps its memoised cells and is not re-rendered.
 */

/**
 * The global search (`state.globalFilter`): a case-insensitive substring match over one lowercase string
 * per row, built once per data or column change.
 */
export function getSearchedRowModel<T extends RowData>(): (table: Table<T>) => () => RowModel<T> {
  return (table) => {
    const searchIndex = memo(
      () => [table.getPreFilteredRowModel(), table.options.columns],
      (model, columns) =>
        buildSearchIndex(
          model.rows.map((row) => row.original),
          getSearchAccessors(columns),
        ),
      { key: 'searchIndex' },
    );
    return memo(
      () => [table.getPreFilteredRowModel(), searchIndex(), String(table.getState().globalFilter ?? '')],
      (model, index, query) => {
        // The pre-filtered model is the core one: rows[i].index === i, the order the index was built in.
        const rows = filterBySearch(model.rows, index, query);
        if (rows === model.rows) return model;
        // rowsById stays the full map: it is only used to look rows up by id, and every id is still valid.
        return { rows, flatRows: rows, rowsById: model.rowsById };
      },
      { key: 'getSearchedRowModel' },
    );
  };
}

type SortKey<T extends RowData> = {
  id: string;
  desc: boolean;
  sortingFn: SortingFn<T>;
  sortUndefined: false | -1 | 1 | 'first' | 'last' | undefined;
  invertSorting: boolean | undefined;
};

/** table-core's comparison (getSortedRowModel) for one pair of rows, ties broken by the original order. */
function compareRows<T extends RowData>(keys: readonly SortKey<T>[], rowA: Row<T>, rowB: Row<T>): number {
  for (const key of keys) {
    let sortInt = 0;
    if (key.sortUndefined) {
      const aUndefined = rowA.getValue(key.id) === undefined;
      const bUndefined = rowB.getValue(key.id) === undefined;
      if (aUndefined || bUndefined) {
        if (key.sortUndefined === 'first') return aUndefined ? -1 : 1;
        if (key.sortUndefined === 'last') return aUndefined ? 1 : -1;
        sortInt = aUndefined && bUndefined ? 0 : aUndefined ? key.sortUndefined : -key.sortUndefined;
      }
    }
    if (sortInt === 0) sortInt = key.sortingFn(rowA, rowB, key.id);
    if (sortInt !== 0) {
      if (key.desc) sortInt *= -1;
      if (key.invertSorting) sortInt *= -1;
      return sortInt;
    }
  }
  return rowA.index - rowB.index;
}

/**
 * Sorting for flat rows (no sub-rows) without copying them. All rows are sorted once per sorting or data
 * change; a search then keeps the searched rows in that order, so typing never re-sorts 10,000 rows.
 */
export function getStableSortedRowModel<T extends RowData>(): (table: Table<T>) => () => RowModel<T> {
  return (table) => {
    const sortedAll = memo(
      () => [table.getState().sorting, table.getCoreRowModel(), table.options.columns],
      (sorting, core): Row<T>[] | null => {
        const keys: SortKey<T>[] = [];
        for (const entry of sorting ?? []) {
          const column = table.getColumn(entry.id);
          if (!column?.getCanSort()) continue;
          keys.push({
            id: entry.id,
            desc: entry.desc,
            sortingFn: column.getSortingFn(),
            sortUndefined: column.columnDef.sortUndefined,
            invertSorting: column.columnDef.invertSorting,
          });
        }
        if (!keys.length) return null;
        return core.rows.slice().sort((a, b) => compareRows(keys, a, b));
      },
      { key: 'sortedRows' },
    );
    return memo(
      () => [sortedAll(), table.getPreSortedRowModel(), table.getCoreRowModel()],
      (sorted, model, core) => {
        if (!sorted || !model.rows.length) return model;
        let rows = sorted;
        if (model.rows !== core.rows) {
          const kept = new Uint8Array(core.rows.length);
          for (const row of model.rows) kept[row.index] = 1;
          rows = sorted.filter((row) => kept[row.index] === 1);
        }
        return { rows, flatRows: rows, rowsById: model.rowsById };
      },
      { key: 'getStableSortedRowModel' },
    );
  };
}
