import { useRef, useState, type JSX, type ReactNode } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTableGrid } from './data-table-grid';
import { DataTableToolbar } from './data-table-toolbar';
import classes from './data-table.module.css';

export type DataTableProps<T> = {
  data: T[];
  /** @tanstack/react-table column defs; `header` strings are the visible labels. Keep them stable (module constant or useMemo). */
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Rows per page; default 10, list screens pass 100. */
  pageSize?: number;
  /** Adds the checkbox column; a function decides per row (refused rows get a disabled checkbox). */
  enableRowSelection?: boolean | ((row: T) => boolean);
  /** Controlled selection keyed by row id; kept across search and pages. */
  rowSelection?: Record<string, boolean>;
  onRowSelectionChange?: (next: Record<string, boolean>) => void;
  /** Renders the 'Export' button (CSV of the searched, sorted rows); default false. */
  enableExport?: boolean;
  columnPinning?: { left?: string[]; right?: string[] };
  /** Buttons shown on the right of the search box. */
  toolbar?: ReactNode;
  /** Shows a loading overlay over the table. */
  loading?: boolean;
  'aria-label'?: string;
};

/**
 * The shared list table (docs/spec/product-spec.md "Generic data table behaviour"): global search, sorting, pagination,
 * selection by row id, optional pinning and export.
 *
 * The rows follow the search in the keystroke's own render, not a deferred one (useDeferredValue): a
 * deferred render only starts after the browser has painted the search box, which added a frame to every
 * keystroke, and rendering a page is cheap enough now (rows memoised by id, plain cells) to stay inside it.
 */
export function DataTable<T>(props: DataTableProps<T>): JSX.Element {
  const { toolbar, loading = false, enableExport = false, ...gridProps } = props;
  const [search, setSearch] = useState('');
  const exportRef = useRef<(() => void) | null>(null);

  return (
    <Paper withBorder radius="md" className={classes.frame} aria-busy={loading || undefined}>
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
      <DataTableToolbar
        search={search}
        onSearchChange={setSearch}
        toolbar={toolbar}
        onExport={enableExport ? () => exportRef.current?.() : undefined}
      />
      <DataTableGrid {...gridProps} search={search} exportRef={exportRef} />
    </Paper>
  );
}
