import { exportCell, type ExportColumn } from './export-columns';

const AMOUNT_FORMAT = '#,##0.00';

/** Column width in characters: the longest of the header and the first rows' texts, between 8 and 50. */
function widthOf<T>(column: ExportColumn<T>, rows: readonly T[]): number {
  let width = column.header.length;
  for (const row of rows.slice(0, 200)) {
    const cell = exportCell(column, row);
    if (cell) width = Math.max(width, String(cell.value).length + (column.type === 'amount' ? 4 : 0));
  }
  return Math.min(Math.max(width + 2, 8), 50);
}

/**
 * The rows as an .xlsx workbook: a bold header row, numbers as numbers (amounts with 2 decimals), texts and
 * dates as text. The writer is a dynamic import: it downloads only when someone exports.
 */
export async function toXlsxBlob<T>(columns: readonly ExportColumn<T>[], rows: readonly T[]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((column) => {
      const cell = exportCell(column, row);
      if (cell === null) return null;
      if (cell.kind === 'number') {
        return column.type === 'amount'
          ? { value: cell.value, type: Number, format: AMOUNT_FORMAT }
          : { value: cell.value, type: Number };
      }
      return { value: cell.value, type: String };
    }),
  );
  return writeXlsxFile([header, ...body], {
    columns: columns.map((column) => ({ width: widthOf(column, rows) })),
    stickyRowsCount: 1,
  }).toBlob();
}
