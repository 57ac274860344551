import { useRef, useState, type JSX } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import type { DataTableProps } from './data-table-props';
import { DataTableGrid } from './data-table-grid';
import { DataTableServerGrid } from './data-table-server-grid';
import { DataTableToolbar } from './data-table-toolbar';
import { ExportMenu, type ExportSnapshot } from './export-menu';
import classes from './data-table.module.css';

export type { DataTableProps, ListControl, ServerPaging } from './data-table-props';

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
