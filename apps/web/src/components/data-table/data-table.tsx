import { useRef, useState, type JSX, type ReactNode } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { ExportOptions } from '@/lib/export/export-columns';
import { DataTableGrid } from './data-table-grid';
import { DataTableServerGrid } from './data-table-server-grid';
import { DataTableToolbar } from './data-table-toolbar';
import { ExportMenu, type ExportSnapshot } from './export-menu';
import classes from './data-table.module.css';

/**
 * Server mode: the parent owns the page, sorting and search, fetches the page they name and hands the table
 * its rows (`data`) and `total`. Keep the callbacks stable (useCallback) so a keystroke in the search box
 * re-renders the box, not the rows.
 */
export type ServerPaging = {
  /** Rows matching the filters and search on every page (the answer's `meta.total`); null before the first answer. */
  total: number | null;
  /** 0-based (the API's `page` is this plus 1). */
  pageIndex: number;
  onPageIndexChange: (pageIndex: number) => void;
  /** At most one column: `[{ id, desc }]`, or none for the server's own order. */
  sorting: SortingState;
  /** Called with the next sorting when a header is clicked (ascending, descending, then none). */
  onSortingChange: (sorting: SortingState) => void;
  /** The search box's text as typed; the parent debounces what it sends. */
  search: string;
  onSearchChange: (search: string) => void;
  /** N of 'N of M records selected': the parent counts the selected rows that match, on every page. */
  selectedCount: number;
};

/**
 * Client mode, controlled (e.g. by `useListUrlState`): the parent holds the search, sorting and page. The
 * parent moves back to the first page when the search or sorting changes (the table does not).
 */
export type ListControl = {
  search: string;
  onSearchChange: (search: string) => void;
  /** At most one column: `[{ id, desc }]`. */
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  /** 0-based; a page past the last one shows the last page. */
  pageIndex: number;
  onPageIndexChange: (pageIndex: number) => void;
};

export type DataTableProps<T> = {
  /** Client mode: every row. Server mode: the rows of the current page. */
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
  /**
   * The toolbar's 'Export' menu (CSV, Excel): the file name, its typed columns and, for server mode, a
   * loader of every matching row. Without `loadRows` the searched, sorted rows (client mode) or the page
   * (server mode) are exported.
   */
  exportOptions?: ExportOptions<T>;
  /** The 'Export' menu with the table's own data columns as text (no `exportOptions`); default false. */
  enableExport?: boolean;
  columnPinning?: { left?: string[]; right?: string[] };
  /** Buttons shown on the right of the search box. */
  toolbar?: ReactNode;
  /** Shows a loading overlay over the table. */
  loading?: boolean;
  /** Server mode (paged lists): see `ServerPaging`. Without it the table searches, sorts and pages `data` itself. */
  server?: ServerPaging;
  /** Client mode: the search, sorting and page held by the parent; without it the table holds them. */
  control?: ListControl;
  'aria-label'?: string;
};

/**
 * The shared list table (docs/spec/product-spec.md "Generic data table behaviour"): global search, sorting, pagination,
 * selection by row id, optional pinning and export. Two modes with the same look, texts and keyboard
 * behaviour: client mode holds every row (users, roles, audit logs); server mode shows the page the parent
 * fetched (the posting lists, issue 13), and its loading overlay covers the rows only, so the search box and
 * the toolbar stay usable while a page loads.
 *
 * In client mode the rows follow the search in the keystroke's own render, not a deferred one
 * (useDeferredValue): a deferred render only starts after the browser has painted the search box, which
 * added a frame to every keystroke, and rendering a page is cheap enough now (rows memoised by id, plain
 * cells) to stay inside it.
 */
export function DataTable<T>(props: DataTableProps<T>): JSX.Element {
  const {
    toolbar,
    loading = false,
    enableExport = false,
    exportOptions,
    server,
    control,
    ...gridProps
  } = props;
  const [ownSearch, setOwnSearch] = useState('');
  const exportRef = useRef<(() => ExportSnapshot<T>) | null>(null);
  const overlay = <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />;
  const exportMenu =
    enableExport || exportOptions ? (
      <ExportMenu
        snapshot={() => exportRef.current?.() ?? null}
        options={exportOptions}
        defaultFileName={props['aria-label'] ?? 'records'}
      />
    ) : null;

  if (server) {
    const { search, onSearchChange, ...paging } = server;
    return (
      <Paper withBorder radius="md" className={classes.frame} aria-busy={loading || undefined}>
        <DataTableToolbar
          search={search}
          onSearchChange={onSearchChange}
          toolbar={toolbar}
          exportMenu={exportMenu}
        />
        <div className={classes.rowsFrame}>
          {overlay}
          <DataTableServerGrid {...gridProps} {...paging} exportRef={exportRef} />
        </div>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" className={classes.frame} aria-busy={loading || undefined}>
      {overlay}
      <DataTableToolbar
        search={control ? control.search : ownSearch}
        onSearchChange={control ? control.onSearchChange : setOwnSearch}
        toolbar={toolbar}
        exportMenu={exportMenu}
      />
      <DataTableGrid
        {...gridProps}
        search={control ? control.search : ownSearch}
        control={control}
        exportRef={exportRef}
      />
    </Paper>
  );
}
