import type { ComboboxItem } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import dayjs from 'dayjs';
import type { ExportColumn, ExportColumnType } from '@/lib/export/export-columns';
import { currencyOf, POSTING_STATUS_COLUMN_ID } from './posting-columns';

/**
 * How a posting column is exported (issue 12): read-only columns give the record's stored value (amounts as
 * numbers); an input column (`draftColumn`) gives what the user typed in, read from the row's draft.
 */
export type ExportMeta = {
  exportType?: ExportColumnType;
  /** The header when the column's own is a component (Profit Margin). */
  exportHeader?: string;
  /** An input column's value: `(row, draft, context)`. Input columns without it are not exported. */
  exportValue?: (row: any, draft: any, context: any) => unknown;
  /** Set on input columns (draftColumn). */
  render?: unknown;
};

type AnyColumn<T> = ColumnDef<T, any> & { accessorKey?: string };

/** A posting date as the server writes dates: 'yyyy-MM-dd HH:mm:ss'. */
export const exportDateTime = (date: Date | null | undefined) =>
  date ? dayjs(date).format('YYYY-MM-DD HH:mm:ss') : null;

/** The label of a select's chosen option ('Petty cash - 1001'), or nothing when none is chosen. */
export const optionLabel = (options: readonly ComboboxItem[] | undefined, id: number | null | undefined) =>
  id === null || id === undefined
    ? null
    : (options?.find((option) => option.value === String(id))?.label ?? id);

/** What a row's export reads besides the row: its draft and the screen's data. */
export type DraftSource<T> = { draftOf: (row: T) => unknown; context: () => unknown };

/** The export columns of a posting list: one per shown column, in the table's order. */
export function postingExportColumns<T>(
  columns: readonly ColumnDef<T, any>[],
  source: DraftSource<T>,
): ExportColumn<T>[] {
  const out: ExportColumn<T>[] = [];
  for (const def of columns) {
    const column = def as AnyColumn<T>;
    const meta = (column.meta ?? {}) as ExportMeta;
    const header = typeof column.header === 'string' ? column.header : meta.exportHeader;
    const id = column.id ?? column.accessorKey;
    if (!header || !id) continue;
    const type = meta.exportType;
    if (meta.render) {
      const exportValue = meta.exportValue;
      if (!exportValue) continue;
      out.push({ header, type, value: (row) => exportValue(row, source.draftOf(row), source.context()) });
    } else if (id === POSTING_STATUS_COLUMN_ID) {
      out.push({
        header,
        value: (row) => ((row as { status?: string }).status === 'failed' ? 'Failed' : ''),
      });
    } else {
      out.push({ header, type, value: (row) => (row as Record<string, unknown>)[id] });
    }
  }
  return out;
}

/** The export's 'Currency' column: the row's ISO 4217 code, empty for the local currency (issue 25). */
export const CURRENCY_EXPORT_HEADER = 'Currency';

/**
 * The export columns for the rows exported (issue 25): when a row has a currency, a 'Currency' column right
 * after the last amount column (the end when there is none); when none has one, exactly `columns`.
 */
export function withCurrencyColumn<T>(columns: ExportColumn<T>[], rows: readonly T[]): ExportColumn<T>[] {
  if (!rows.some((row) => currencyOf(row))) return columns;
  const currency: ExportColumn<T> = { header: CURRENCY_EXPORT_HEADER, value: (row) => currencyOf(row) };
  const lastAmount = columns.findLastIndex((column) => column.type === 'amount');
  const at = lastAmount === -1 ? columns.length : lastAmount + 1;
  return [...columns.slice(0, at), currency, ...columns.slice(at)];
}
