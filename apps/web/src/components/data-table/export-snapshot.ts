import { useEffect, type RefObject } from 'react';
import type { Table } from '@tanstack/react-table';
import type { ExportColumn } from '@/lib/export/export-columns';
import type { ExportSnapshot } from './export-menu';

/**
 * What the table exports without its own export columns: the given rows (searched and sorted) and every
 * column holding data, headed by its label, each value as the column reads it.
 */
function tableExportSnapshot<T>(table: Table<T>, rows: T[]): ExportSnapshot<T> {
  const columns: ExportColumn<T>[] = table
    .getAllLeafColumns()
    .filter((column) => column.accessorFn)
    .map((column) => ({
      header: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
      value: (row: T) => column.accessorFn?.(row, 0),
    }));
  return { rows, columns };
}

/**
 * Keeps `exportRef` reading the snapshot of the rows the table holds before its own paging: in client mode
 * every searched, sorted row; in server mode (paged by the server) the page.
 */
export function useExportReader<T>(exportRef: RefObject<(() => ExportSnapshot<T>) | null>, table: Table<T>) {
  useEffect(() => {
    exportRef.current = () =>
      tableExportSnapshot(
        table,
        table.getPrePaginationRowModel().rows.map((row) => row.original),
      );
  }, [exportRef, table]);
}
