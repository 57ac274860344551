import { lazy, useMemo } from 'react';
import { Stack } from '@mantine/core';
import type { PostingRow } from '@ff/contract';
import { DataTable, type ServerPaging } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FilteredList } from '@/components/filtered-list';
import { LazyOnOpen } from '@/components/lazy-on-open';
import { PageHeader } from '@/components/page-header';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useListUrlState } from '@/lib/url-state';
import type { ExportOptions } from '@/lib/export/export-columns';
import { getAllPostings, usePostingPage, type PostingFilters } from '../api/postings';
import { SCREEN_KEY, usePostingParams } from '../hooks/use-posting-params';
import { POSTING_KIND_OPTIONS } from '../lib/posting-labels';
import { PostingFilterSelects } from './posting-filter-selects';
import { postingHistoryColumns, postingHistoryExportColumns } from './posting-history-columns';

const PostingDrawer = lazy(async () => ({ default: (await import('./posting-drawer')).PostingDrawer }));

/** 100 rows a page, as every list (issue 26). */
const PAGE_SIZE = 100;
const getRowId = (row: PostingRow) => String(row.id);
const NO_SORTING: never[] = [];

/**
 * Posting History (issue 11): every posting of the kinds the user may view, newest first, filtered by posting
 * date, kind, status and a search (trip number, key, SAP DocEntry or DocNum), all in the URL, 100 a page; Export
 * writes every matching posting (issue 26). A trip number
 * opens the posting's drawer (`?posting=<id>`): its timeline, what was sent to SAP, and "Reverse in SAP".
 */
export function PostingHistoryPage() {
  const { data: user } = useCurrentUser();
  const state = useListUrlState(SCREEN_KEY);
  const params = usePostingParams();
  const { fromDate, toDate } = state.filters;
  const { kind, status, since } = params;
  const kinds = useMemo(
    () => POSTING_KIND_OPTIONS.filter((k) => user?.permissions.includes(k.view)),
    [user?.permissions],
  );
  const filters = useMemo<PostingFilters>(
    () => ({
      ...(fromDate ? { fromDate } : {}),
      ...(toDate ? { toDate } : {}),
      ...(kind ? { kind } : {}),
      ...(status ? { status } : {}),
      ...(since ? { since } : {}),
    }),
    [fromDate, toDate, kind, status, since],
  );
  const search = state.appliedSearch.trim();
  const list = usePostingPage(
    filters,
    { page: state.pageIndex + 1, perPage: PAGE_SIZE, ...(search ? { search } : {}) },
    kinds.length > 0,
  );
  const { openPosting } = params;
  const columns = useMemo(() => postingHistoryColumns((id) => openPosting(id)), [openPosting]);
  const exportOptions = useMemo<ExportOptions<PostingRow>>(
    () => ({
      fileName: 'posting-history',
      columns: postingHistoryExportColumns,
      loadRows: () => getAllPostings(filters, search || undefined),
    }),
    [filters, search],
  );
  const total = list.data?.meta.total ?? null;
  // Newest first, always: no column sorts.
  const { control } = state;
  const server = useMemo<ServerPaging>(
    () => ({ ...control, sorting: NO_SORTING, onSortingChange: () => {}, total, selectedCount: 0 }),
    [control, total],
  );

  const header = <PageHeader items={[{ title: 'Posting History' }]} />;
  if (user && !kinds.length)
    return (
      <Stack gap="md">
        {header}
        <ErrorAlert error={null} accessDenied fallback="You may not view any kind of record posted to SAP." />
      </Stack>
    );
  return (
    <Stack gap="md">
      {header}
      <FilteredList filters={state.filters} onFilter={state.setFilters} list={list}>
        <DataTable
          aria-label="Postings"
          data={list.data?.data ?? []}
          columns={columns}
          getRowId={getRowId}
          pageSize={PAGE_SIZE}
          server={server}
          loading={list.isFetching}
          exportOptions={exportOptions}
          toolbar={
            <PostingFilterSelects
              kinds={kinds}
              kind={kind}
              status={status}
              since={since}
              onKindChange={params.setKind}
              onStatusChange={params.setStatus}
              onClearSince={params.clearSince}
            />
          }
        />
      </FilteredList>
      <LazyOnOpen opened={params.posting !== null}>
        <PostingDrawer id={params.posting} onClose={() => openPosting(null)} />
      </LazyOnOpen>
    </Stack>
  );
}
