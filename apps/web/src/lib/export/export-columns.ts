import dayjs from 'dayjs';

/**
 * How a column's values are written: `text` as text; `number` as a number; `amount` as a number with 2
 * decimals (`#,##0.00` in a workbook, `-1500.00` in CSV); `datetime` as text in the server's format
 * 'yyyy-MM-dd HH:mm:ss' (`date` as 'yyyy-MM-dd').
 */
export type ExportColumnType = 'text' | 'number' | 'amount' | 'date' | 'datetime';

/** One column of an exported file: its header, how its values are written and how a row gives its value. */
export type ExportColumn<T> = {
  header: string;
  /** Default 'text'. */
  type?: ExportColumnType;
  /** The row's value: the record's field or the value typed in (a draft). */
  value: (row: T) => unknown;
};

/** What a table hands the Export menu. */
export type ExportOptions<T> = {
  /** The file name without the date and extension: 'users' gives 'users-2026-11-24.csv'. */
  fileName: string;
  columns: ExportColumn<T>[];
  /**
   * The columns for the rows being exported, when they depend on them (a posting list's 'Currency' column is
   * there only when a row has a currency, issue 25); `columns` when absent.
   */
  columnsFor?: (rows: readonly T[]) => ExportColumn<T>[];
  /**
   * Every row to export (server-mode lists: every filtered row across pages). Without it the table
   * exports its searched, sorted rows (client mode) or the rows of the page (server mode).
   */
  loadRows?: () => Promise<T[]>;
};

export type ExportFormat = 'csv' | 'xlsx';

/** A cell as written: a number, a text, or empty. */
export type ExportCell = { kind: 'number'; value: number } | { kind: 'text'; value: string } | null;

const NUMBER = /^-?\d+(\.\d+)?$/;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return null;
}

function asText(value: unknown): string {
  if (value instanceof Date) return dayjs(value).format('YYYY-MM-DD HH:mm:ss');
  if (Array.isArray(value)) return value.map(asText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** A row's cell for a column: numbers (and numeric text) of number columns as numbers, the rest as text. */
export function exportCell<T>(column: ExportColumn<T>, row: T): ExportCell {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return null;
  const type = column.type ?? 'text';
  if (type === 'number' || type === 'amount') {
    const number = asNumber(value);
    if (number !== null) return { kind: 'number', value: number };
  }
  if ((type === 'datetime' || type === 'date') && value instanceof Date) {
    return {
      kind: 'text',
      value: dayjs(value).format(type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss'),
    };
  }
  return { kind: 'text', value: asText(value) };
}

/** 'users' and a day give 'users-2026-11-24.csv'. */
export function exportFileName(base: string, format: ExportFormat, now: Date = new Date()): string {
  const name =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'records';
  return `${name}-${dayjs(now).format('YYYY-MM-DD')}.${format}`;
}
