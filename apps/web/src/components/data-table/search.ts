import type { ColumnDef } from '@tanstack/react-table';

/** Reads one cell's raw value from a row, the way @tanstack/table-core's accessors do. */
export type SearchAccessor<T> = (row: T, index: number) => unknown;

type AnyColumnDef<T> = ColumnDef<T, any> & {
  accessorKey?: string;
  accessorFn?: (row: T, index: number) => unknown;
  columns?: ColumnDef<T, any>[];
};

function keyAccessor<T>(key: string): SearchAccessor<T> {
  if (!key.includes('.')) return (row) => (row as Record<string, unknown>)[key];
  const path = key.split('.');
  return (row) => {
    let value: unknown = row;
    for (const part of path) value = (value as Record<string, unknown> | null | undefined)?.[part];
    return value;
  };
}

/**
 * The value readers of every leaf column that holds data. Display columns (checkboxes, actions) have no
 * accessor and a column can opt out with `enableGlobalFilter: false`.
 */
export function getSearchAccessors<T>(columns: ColumnDef<T, any>[]): SearchAccessor<T>[] {
  const accessors: SearchAccessor<T>[] = [];
  const visit = (defs: ColumnDef<T, any>[]) => {
    for (const def of defs as AnyColumnDef<T>[]) {
      if (def.columns?.length) {
        visit(def.columns);
        continue;
      }
      if (def.enableGlobalFilter === false) continue;
      if (typeof def.accessorFn === 'function') accessors.push(def.accessorFn);
      else if (typeof def.accessorKey === 'string') accessors.push(keyAccessor<T>(def.accessorKey));
    }
  };
  visit(columns);
  return accessors;
}

/** How a raw cell value reads as text for the search. */
export function searchText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(searchText).join(' ');
  if (typeof value === 'object') return '';
  return String(value);
}

// A separator no one types, so a query never matches across two cells.
const CELL_SEPARATOR = '\u0000';

/** One lowercase string per row holding all its searchable cell values; built once per data change. */
export function buildSearchIndex<T>(data: readonly T[], accessors: readonly SearchAccessor<T>[]): string[] {
  return data.map((row, index) =>
    accessors
      .map((read) => searchText(read(row, index)))
      .join(CELL_SEPARATOR)
      .toLowerCase(),
  );
}

export function normalizeQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Case-insensitive substring match of the query against any cell of the row. */
export function filterBySearch<T>(data: readonly T[], index: readonly string[], query: string): T[] {
  const needle = normalizeQuery(query);
  if (!needle) return data as T[];
  const out: T[] = [];
  for (let i = 0; i < data.length; i += 1) {
    if (index[i]?.includes(needle)) out.push(data[i] as T);
  }
  return out;
}
