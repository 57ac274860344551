import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { DateRangeQuery } from '@ff/contract';
import { POSTING_STATUS_COLUMN_ID } from './posting-columns';

/** Rows per page of every posting list (docs/spec/product-spec.md section 9). */
export const LIST_PAGE_SIZE = 100;

/** A column's sort field on the server: its row field (the status column sorts by the row's `status`). */
export const sortFieldOf = (columnId: string): string =>
  columnId === POSTING_STATUS_COLUMN_ID ? 'status' : columnId;

/** The list's `sort` from the table's sorting, when its column sorts by a field of the row. */
export function sortOf(
  sorting: SortingState,
  rowFields: readonly string[],
): { field: string; desc: boolean } | undefined {
  const [first] = sorting;
  if (!first) return undefined;
  const field = sortFieldOf(first.id);
  return rowFields.includes(field) ? { field, desc: first.desc } : undefined;
}

type AnyColumn<T> = ColumnDef<T, any> & { accessorKey?: string };

/**
 * The kind's columns as a server-sorted table offers them: a column whose values are not a field of the
 * list row (none today; inputs are not sortable anyway) gets no sort button, since the server could not
 * sort by it.
 */
export function serverSortableColumns<T>(
  columns: ColumnDef<T, any>[],
  rowFields: readonly string[],
): ColumnDef<T, any>[] {
  return columns.map((def) => {
    const column = def as AnyColumn<T>;
    const id = column.id ?? column.accessorKey;
    if (column.enableSorting === false || id === undefined || rowFields.includes(sortFieldOf(id))) return def;
    return { ...def, enableSorting: false };
  });
}

/**
 * Whether the server's search would list the row: a case-insensitive substring of one of the kind's
 * `searchFields` as stored (list-pages.ts). It lets the counter tell how many selected rows match the
 * search, selected rows on pages not loaded included.
 */
export function matchesSearch(row: object, searchFields: readonly string[], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const values = row as Record<string, unknown>;
  return searchFields.some((field) => {
    const value = values[field];
    return value !== null && value !== undefined && String(value).toLowerCase().includes(needle);
  });
}

/**
 * Whether a row's document date falls in a date filter: the server's rule (whole days in the application's
 * time zone, both ends included), read from the row's 'yyyy-MM-dd HH:mm:ss', which is in that zone.
 */
export function isInDateRange(row: { documentDate: string }, range: DateRangeQuery): boolean {
  const day = row.documentDate.slice(0, 10);
  return (!range.fromDate || day >= range.fromDate) && (!range.toDate || day <= range.toDate);
}
