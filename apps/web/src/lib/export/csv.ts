import { exportCell, type ExportCell, type ExportColumn, type ExportColumnType } from './export-columns';

// A text starting with one of these is a formula to a spreadsheet (Excel reads the full-width ＝＋－＠ like
// their ASCII forms); a leading quote keeps it text.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// Quoted: the separators of both CSV dialects (',' and, in locales with a decimal comma, ';'), quotes, breaks.
const NEEDS_QUOTES = /[",;\r\n]/;
// A plain number, signed or not ('-1500.00', '+254712345678'): a value, never a formula.
const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, semicolon, quote or line break. Text that a spreadsheet
 * would run as a formula gets a leading quote, unless it is a plain number such as '-1500.00'.
 */
export function csvField(cell: ExportCell, type: ExportColumnType = 'text'): string {
  if (cell === null) return '';
  let text: string;
  if (cell.kind === 'number') {
    text = type === 'amount' ? cell.value.toFixed(2) : String(cell.value);
  } else {
    text = cell.value;
    if (FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV text: a header line, one line per row, CRLF between lines, with a UTF-8 byte-order mark (Excel). */
export function toCsv<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const header = columns.map((column) => csvField({ kind: 'text', value: column.header }));
  const lines = rows.map((row) =>
    columns.map((column) => csvField(exportCell(column, row), column.type)).join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

export function toCsvBlob<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): Blob {
  return new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
}
