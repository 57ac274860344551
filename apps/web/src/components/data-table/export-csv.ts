import dayjs from 'dayjs';
import type { Column, Row } from '@tanstack/react-table';

// Cells starting with these are formulas to a spreadsheet; prefixing a quote keeps them as text.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n');
}

/** The shown (searched and sorted) rows of the data columns, as CSV text. */
export function rowsToCsv<T>(columns: Column<T, unknown>[], rows: Row<T>[]): string {
  const dataColumns = columns.filter((column) => column.accessorFn);
  const header = dataColumns.map((column) =>
    typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
  );
  return toCsv(
    header,
    rows.map((row) => dataColumns.map((column) => row.getValue(column.id))),
  );
}

export function downloadCsv(fileName: string, csv: string): void {
  // The byte-order mark makes Excel read the file as UTF-8.
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the rows as `<table-name>-<today>.csv` (the table's accessible name, kebab-cased). */
export function exportRowsAsCsv<T>(
  tableName: string | undefined,
  columns: Column<T, unknown>[],
  rows: Row<T>[],
) {
  const name = (tableName ?? 'records').toLowerCase().replace(/[^a-z0-9]+/g, '-');
  downloadCsv(`${name}-${dayjs().format('YYYY-MM-DD')}.csv`, rowsToCsv(columns, rows));
}
