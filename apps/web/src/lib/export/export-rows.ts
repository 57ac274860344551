import { toCsvBlob } from './csv';
import { downloadBlob } from './download';
import { exportFileName, type ExportColumn, type ExportFormat } from './export-columns';
import { toXlsxBlob } from './xlsx';

/**
 * Writes the rows as a CSV or .xlsx file named `<fileName>-<today>.<format>` and downloads it. Load this
 * module with a dynamic import (the table's Export menu does): the workbook writer is only for exports.
 */
export async function exportRows<T>(args: {
  fileName: string;
  format: ExportFormat;
  columns: readonly ExportColumn<T>[];
  rows: readonly T[];
}): Promise<string> {
  const { format, columns, rows } = args;
  const blob = format === 'csv' ? toCsvBlob(columns, rows) : await toXlsxBlob(columns, rows);
  const name = exportFileName(args.fileName, format);
  downloadBlob(name, blob);
  return name;
}
