import type { Table } from '@tanstack/react-table';
import type { ExportColumn } from '@/lib/export/export-columns';
import type { ExportSnapshot } from './export-menu';

/**
 * What the table exports without its own export columns: the given rows (searched and sorted) and every
 * column holding data, headed by its label, each value as the column reads it.
 */
export function tableExportSnapshot<T>(table: Table<T>, rows: T[]): ExportSnapshot<T> {
  const columns: ExportColumn<T>[] = table
    .getAllLeafColumns()
    .filter((column) => column.accessorFn)
    .map((column) => ({
      header: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
      value: (row: T) => column.accessorFn?.(row, 0),
    }));
  return { rows, columns };
}
