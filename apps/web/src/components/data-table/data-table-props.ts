import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ExportOptions } from '@/lib/export/export-columns';
import type { ListControl } from '@/lib/list-control';

/** What the shared list table (data-table.tsx) takes, and what its two grids read of it. */

/**
 * Server mode: the parent owns the page, sorting and search, fetches the page they name and hands the table
 * its rows (`data`) and `total`; a page past the last one asks the parent for the last page. Keep the
 * callbacks stable (useCallback) so a keystroke in the search box re-renders the box, not the rows.
 */
export type ServerPaging = ListControl & {
  /** Rows matching the filters and search on every page (the answer's `meta.total`); null before the first answer. */
  total: number | null;
  /** N of 'N of M records selected': the parent counts the selected rows that match, on every page. */
  selectedCount: number;
};

export type { ListControl };

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
  /**
   * Below a phone's width (compact-layout.ts): only these columns show in the row after the checkbox, in
   * this order, none of them pinned; each row's other columns open under it ('Details of trip ...'). Without
   * it the table keeps its columns and pinning at every width.
   */
  compactColumns?: string[];
  /**
   * What a row's checkbox selects, after 'Select': 'trip TRP-2026-0031' (issue 26, defect 16: a sorted list's
   * first row read 'Select row 89'). Without it, 'row <id>'.
   */
  rowLabel?: (row: T) => string;
  /** Why a row cannot be selected, on its disabled checkbox (its tooltip and description); null when it can. */
  selectionHint?: (row: T) => string | null;
  /** A Shift range's rows that could not be selected (disabled), and how many rows the range held. */
  onRangeSkipped?: (skipped: T[], rangeSize: number) => void;
  /** Buttons shown on the right of the search box. */
  toolbar?: ReactNode;
  /** Shows a loading overlay over the table. */
  loading?: boolean;
  /** Server mode (paged lists): see `ServerPaging`. Without it the table searches, sorts and pages `data` itself. */
  server?: ServerPaging;
  /**
   * Client mode: the search, sorting and page held by the parent (e.g. by `useListUrlState`), which moves back
   * to the first page when the search or sorting changes (the table does not); a page past the last one shows
   * the last page. Without it the table holds them.
   */
  control?: ListControl;
  'aria-label'?: string;
};
