import { memo, useEffect, type RefObject } from 'react';
import type { DataTableProps, ServerPaging } from './data-table-props';
import { DataTableView } from './data-table-view';
import type { ExportSnapshot } from './export-menu';
import { resolveUpdater, useGridTable } from './grid-setup';
import { clampPageIndex, pageCount } from './paging';

/** The table's props in server mode, without the toolbar's (search box, buttons, overlay). */
export type DataTableServerGridProps<T> = Omit<
  DataTableProps<T>,
  'toolbar' | 'loading' | 'enableExport' | 'exportOptions' | 'server' | 'control'
> &
  Omit<ServerPaging, 'search' | 'onSearchChange'> & {
    /** Receives the reader of the page's rows, for the toolbar's Export menu. */
    exportRef: RefObject<(() => ExportSnapshot<T>) | null>;
  };

/**
 * The table in server mode: `data` is one page the server searched, sorted and cut; the parent owns the
 * page index, sorting and search and fetches the page they name. The counter and pager count `total`, the
 * rows matching on every page, and the parent counts the selected ones (rows selected on other pages
 * included). A page past the last one (after a post, `total` dropped) asks the parent for the last page.
 */
function DataTableServerGridInner<T>(props: DataTableServerGridProps<T>) {
  const { total, pageIndex, onPageIndexChange, sorting, onSortingChange, selectedCount } = props;
  // Sorting by one column at a time: ascending, descending, then the server's own order (as in client mode).
  const { table, pageSize } = useGridTable(
    props,
    { sorting, pageIndex },
    {
      manualPagination: true,
      manualSorting: true,
      manualFiltering: true,
      rowCount: total ?? 0,
      onSortingChange: (updater) => onSortingChange(resolveUpdater(updater, sorting)),
    },
  );

  const pages = pageCount(total ?? 0, pageSize);
  // Before the first answer (`total` null) the page index stands: it may be a tab's page coming back.
  const currentPage = total === null ? pageIndex : clampPageIndex(pageIndex, total, pageSize);
  useEffect(() => {
    if (currentPage !== pageIndex) onPageIndexChange(currentPage);
  }, [currentPage, pageIndex, onPageIndexChange]);

  return (
    <DataTableView
      table={table}
      aria-label={props['aria-label']}
      footer={{
        filteredTotal: total ?? 0,
        selectedCount,
        pageIndex: currentPage,
        pageCount: pages,
        onPageIndexChange,
      }}
    />
  );
}

/** Memoised: a keystroke in the search box, which re-renders the parent, leaves the rows alone. */
export const DataTableServerGrid = memo(DataTableServerGridInner) as typeof DataTableServerGridInner;
