import type { ReactNode } from 'react';
import type { CellContext, ColumnDef } from '@tanstack/react-table';
import { formatDateTime, formatMoney, textOrNotAvailable } from '@/lib/format';
import { compareNullableDecimal } from './decimal';
import { FailedRowBadge } from './failed-row-badge';
import { ReversedRowBadge } from './reversed-rows';

/**
 * The read-only columns of the posting lists. Two ways to show an empty value as 'N/A': `textColumn` and
 * `amountColumn` are searched and sorted by the stored value, `shownTextColumn` and `shownAmountColumn` by
 * what the cell shows (so 'N/A' and '1,250.00' find their rows); each screen keeps the one it has always had.
 */

/** The keys of T whose values are of type V. */
type KeyOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;
type Text = string | null;
type Cell = { getValue: () => unknown };
type AmountCell = Cell & { row: { original: unknown } };

/** A row's ISO 4217 currency (issue 25); null for the company's local currency and for rows without the field. */
export const currencyOf = (row: unknown): string | null =>
  (row as { currency?: string | null } | null)?.currency ?? null;

/** The stored value as it is ('Client Name', 'Quantity'). */
export function valueColumn<T>(key: keyof T & string, header: string): ColumnDef<T, any> {
  return { accessorKey: key, header };
}

/** A text that may be empty: 'N/A' when it is. */
export function textColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return { accessorKey: key, header, cell: (info: Cell) => textOrNotAvailable(info.getValue() as Text) };
}

const CLIPPED = {
  display: 'block',
  maxWidth: 260,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * A long text (VAS product details) cut to one line with an ellipsis, the whole text in its title: it never
 * runs over the next cell or under a pinned one (issue 12, defect 9).
 */
export function longTextColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return {
    accessorKey: key,
    header,
    cell: (info: Cell) => {
      const text = textOrNotAvailable(info.getValue() as Text);
      return (
        <span style={CLIPPED} title={text}>
          {text}
        </span>
      );
    },
  };
}

/** A text that may be empty, searched and sorted as shown ('N/A' included). */
export function shownTextColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return { id: key, header, accessorFn: (row) => textOrNotAvailable(row[key] as Text) };
}

/** A server date-time: the raw 'yyyy-MM-dd HH:mm:ss' sorts chronologically, the cell shows it readable. */
export function dateTimeColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return {
    accessorKey: key,
    header,
    cell: (info: Cell) => formatDateTime(info.getValue() as Text),
    meta: { exportType: 'datetime' },
  };
}

/** An amount with 2 decimals and en-US grouping, or 'N/A'; a foreign-currency row's with its code ('USD 1,250.00'). */
export function amountColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return {
    accessorKey: key,
    header,
    cell: (info: AmountCell) => formatMoney(info.getValue() as Text, currencyOf(info.row.original)),
    meta: { exportType: 'amount' },
  };
}

/** An amount searched as shown ('1,250.00', 'USD 1,250.00', 'N/A') and sorted by value. */
export function shownAmountColumn<T>(key: KeyOf<T, Text>, header: string): ColumnDef<T, any> {
  return {
    id: key,
    header,
    accessorFn: (row) => formatMoney(row[key] as Text, currencyOf(row)),
    sortingFn: (a, b) => compareNullableDecimal(a.original[key] as Text, b.original[key] as Text),
    meta: { exportType: 'amount' },
  };
}

type PostingState = { id: number; status: 'unposted' | 'failed'; lastError: string | null };

// A plain span, not a Mantine Group: a page draws 100 of these cells.
const STATUS_CELL_STYLE = { display: 'inline-flex', gap: 4, flexWrap: 'nowrap' } as const;

function PostingStatusCell({ row }: CellContext<PostingState, unknown>) {
  return (
    <span style={STATUS_CELL_STYLE}>
      <FailedRowBadge status={row.original.status} lastError={row.original.lastError} />
      <ReversedRowBadge recordId={row.original.id} />
    </span>
  );
}

/** The 'Status' column's id; the server sorts it by the row's `status`. */
export const POSTING_STATUS_COLUMN_ID = 'postingStatus';

/**
 * The 'Status' column: a red 'Failed' badge (reason in its tooltip) on rows whose last post failed, an orange
 * 'Reversed' one on rows back in the list after a reversal (reversed-rows.tsx), empty otherwise. Searchable as 'failed' and sortable, so failed rows can be found and grouped.
 */
export function postingStatusColumn<T extends PostingState>(): ColumnDef<T, unknown> {
  return {
    id: POSTING_STATUS_COLUMN_ID,
    header: 'Status',
    accessorFn: (row) => (row.status === 'failed' ? 'Failed' : ''),
    cell: PostingStatusCell as unknown as (context: CellContext<T, unknown>) => ReactNode,
  };
}
