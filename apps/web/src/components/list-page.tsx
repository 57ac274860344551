import type { ComponentType } from 'react';
import { Button, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { DateRangeQuery } from '@ff/contract';
import type { ExportOptions } from '@/lib/export/export-columns';
import { useListUrlState } from '@/lib/url-state';
import { DataTable } from './data-table/data-table';
import { FilteredList } from './filtered-list';
import type { ModalState } from './form-modal';
import { PageHeader } from './page-header';

const PAGE_SIZE = 100;
const getRowId = (row: { id: number }) => String(row.id);

export type ListPageProps<T> = {
  /** The breadcrumb and heading. */
  title: string;
  /** The table's accessible name. */
  tableLabel: string;
  /** The list for a date filter (a query hook). */
  useList: (filters: DateRangeQuery) => UseQueryResult<T[]>;
  columns: ColumnDef<T, any>[];
  /**
   * The add button on the right of the search box ('Add User') and the modal it opens (shown after the
   * table); `onPreload` starts loading the modal's form.
   */
  add?: { label: string; Modal: ComponentType<ModalState>; onPreload?: () => void };
  /** The alert's text when a failure carries no server message. */
  errorFallback?: string;
  /**
   * Names the screen's state in the URL (dates, search, sort, page) and its memory per user
   * (lib/url-state.ts); default: the title in lower case ('users').
   */
  screenKey?: string;
  /** The 'Export' menu's file name and columns (keep it stable: a module constant). */
  exportOptions?: ExportOptions<T>;
};

/**
 * A read-only list screen (Users, Roles, Audit Logs): breadcrumb and heading, the collapsible date Filters
 * panel, and a table of 100 rows per page, or a red alert when the list failed to load. The dates, search,
 * sort and page are in the URL and remembered per user (a bare URL opens the screen as the user left it).
 */
export function ListPage<T extends { id: number }>({
  title,
  tableLabel,
  useList,
  columns,
  add,
  errorFallback,
  screenKey,
  exportOptions,
}: ListPageProps<T>) {
  const state = useListUrlState(screenKey ?? title.toLowerCase().replace(/\s+/g, '-'));
  const { filters } = state;
  const [addOpened, addModal] = useDisclosure(false);
  const list = useList(filters);
  return (
    <Stack gap="md">
      <PageHeader items={[{ title }]} />
      <FilteredList filters={filters} onFilter={state.setFilters} list={list} errorFallback={errorFallback}>
        <DataTable
          aria-label={tableLabel}
          data={list.data ?? []}
          columns={columns}
          getRowId={getRowId}
          pageSize={PAGE_SIZE}
          exportOptions={exportOptions}
          control={state.control}
          loading={list.isFetching}
          toolbar={
            add && (
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={addModal.open}
                onPointerEnter={add.onPreload}
                onFocus={add.onPreload}
              >
                {add.label}
              </Button>
            )
          }
        />
      </FilteredList>
      {add && <add.Modal opened={addOpened} onClose={addModal.close} />}
    </Stack>
  );
}
