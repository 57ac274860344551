import { useCallback, useMemo } from 'react';
import type { DateRangeQuery, RecordRowOf } from '@ff/contract';
import {
  MAX_PER_PAGE,
  RECORD_KINDS_PLAIN,
  type RecordKindEntry,
  type RecordKindName,
} from '@ff/contract/plain';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { pageQuery } from '@/lib/list-query';
import { isSameDateRange } from './date-range';
import { PostingRowsProvider } from './draft-column';
import {
  LIST_PAGE_SIZE,
  isInDateRange,
  matchesSearch,
  serverSortableColumns,
  sortOf,
  type ListPaging,
} from './list-paging';
import type { ChunkedPostOutcome } from './post-in-chunks';
import { PostButton } from './post-button';
import type { PostingKind, ScreenData, SelectedRow } from './posting-kind';
import { getRecordPage, usePostRecordKind, useRecordPage } from './record-queries';
import { SelectMatchingBar } from './select-matching-bar';
import { useListPaging, type UpdatePaging } from './use-list-paging';
import { usePostingRows, type PostingDraft } from './use-posting-rows';
import { useSelectMatching } from './use-select-matching';

const getRowId = (row: { id: number }) => String(row.id);
const NO_SCREEN_DATA: ScreenData<undefined> = { context: undefined, isPending: false, error: null };
const useNoScreenData = () => NO_SCREEN_DATA;

export type PostingListProps<K extends RecordKindName, D extends PostingDraft, C> = {
  kind: PostingKind<K, D, C>;
  /** The date filter; it lives in the page, so a tab keeps its own while another is shown. */
  filters: DateRangeQuery;
  /** A new date filter (the page moves back to the first page). */
  onFilter: (filters: DateRangeQuery) => void;
  /** The page, sorting and search; they live in the page too, beside the filter. */
  paging: ListPaging;
  /** Changes this list's paging; keep it stable (useCallback). */
  onPagingChange: (kind: RecordKindName, update: Parameters<UpdatePaging>[0]) => void;
};

/**
 * One posting step's Filters panel, table and 'Post to SAP' button (docs/spec/product-spec.md sections 2, 4,
 * 5 and 8) over the server-paged list (issue 13): the server searches, sorts and cuts pages of 100; rows
 * become selectable once their inputs are valid, and stay selected with their inputs on every page; 'Select
 * all N matching records' selects every ready row of the filter and search; the button posts the selected
 * rows (500 per request), a toast tells the outcome and the list reloads. Filter with unchanged dates
 * reloads the list too.
 */
export function PostingList<K extends RecordKindName, D extends PostingDraft, C>({
  kind,
  filters,
  onFilter,
  paging,
  onPagingChange,
}: PostingListProps<K, D, C>) {
  const entry = RECORD_KINDS_PLAIN[kind.name] as RecordKindEntry;
  const columns = useMemo(
    () => serverSortableColumns(kind.columns, entry.rowFields),
    [kind.columns, entry.rowFields],
  );
  const updatePaging = useCallback<UpdatePaging>(
    (update) => onPagingChange(kind.name, update),
    [onPagingChange, kind.name],
  );
  const callbacks = useListPaging(paging, updatePaging);
  const query = pageQuery({
    pageIndex: paging.pageIndex,
    pageSize: LIST_PAGE_SIZE,
    sort: sortOf(paging.sorting, entry.rowFields),
    search: paging.appliedSearch,
  });
  const list = useRecordPage(kind.name, filters, query);
  const pageRows = list.data?.data;

  // The same hook on every render: a PostingList is keyed by its kind.
  const screen = (kind.useScreenData ?? useNoScreenData)() as ScreenData<C>;
  const { context } = screen;
  const posting = usePostingRows<RecordRowOf<K>, D>({
    rows: pageRows,
    initialDraft: kind.initialDraft,
    isReady: (row, draft) => kind.isReady(row, draft, context),
    context,
  });

  const matchingKey = JSON.stringify([filters.fromDate, filters.toDate, query.search ?? '']);
  const matching = useSelectMatching<RecordRowOf<K>>({
    queryKey: matchingKey,
    loadPage: (page) => getRecordPage(kind.name, filters, { ...query, page, perPage: MAX_PER_PAGE }),
    onLoaded: (rows) => posting.addRows(rows, { select: true }),
  });

  // Drafts stay (a row that comes back, failed, keeps its inputs); posted rows leave the list on reload.
  const afterPost = (outcome: ChunkedPostOutcome) => {
    // One request: the selection clears, as it always has. Several: the rows that did not post stay selected.
    if (outcome.chunks > 1 && outcome.notPostedIds.length > 0) {
      posting.setRowSelection(Object.fromEntries(outcome.notPostedIds.map((id) => [String(id), true])));
    } else {
      posting.clear();
    }
    matching.reset();
  };
  const post = usePostRecordKind(
    kind.name,
    (chunk: SelectedRow<RecordRowOf<K>, D>[]) => kind.toBody(chunk, context),
    afterPost,
  );

  const applyFilters = (range: DateRangeQuery) => {
    if (isSameDateRange(range, filters)) return void list.refetch();
    // Rows outside the new dates leave the list: they lose their inputs and selection, as they always have.
    posting.retain((row) => isInDateRange(row as { documentDate: string }, range));
    matching.cancel();
    onFilter(range);
  };
  const submit = () => {
    if (kind.canPost && !kind.canPost(posting.selectedRows, context)) return;
    post.mutate(posting.selectedRows);
  };
  const clearSelection = () => {
    posting.clear();
    matching.reset();
  };

  const { selectedRows, rowSelection, canSelect } = posting;
  const selectedMatching = useMemo(
    () =>
      query.search
        ? selectedRows.filter(({ row }) => matchesSearch(row, entry.searchFields, query.search ?? '')).length
        : selectedRows.length,
    [selectedRows, entry.searchFields, query.search],
  );
  const rows = pageRows ?? [];
  const total = list.data ? list.data.meta.total : null;
  const selectedOnPage = rows.filter((row) => rowSelection[String(row.id)]).length;
  const selectable = rows.filter(canSelect);
  const pageSelected = selectable.length > 0 && selectable.every((row) => rowSelection[String(row.id)]);
  const loadingMatching = matching.state.status === 'loading';
  const doneFor = matching.state.status === 'idle' ? matching.state.doneFor : null;

  const error = list.error ?? screen.error;
  return (
    <>
      <FiltersPanel onFilter={applyFilters} initialValue={filters} loading={list.isFetching} />
      {error ? (
        <ErrorAlert error={error} accessDenied={kind.accessDenied} />
      ) : (
        <PostingRowsProvider posting={posting} context={context}>
          <DataTable
            aria-label={kind.tableLabel}
            data={rows}
            columns={columns}
            getRowId={getRowId}
            pageSize={LIST_PAGE_SIZE}
            enableRowSelection={canSelect}
            rowSelection={rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            enableExport={false}
            columnPinning={kind.pinning}
            loading={list.isFetching || post.isPending || screen.isPending}
            server={{
              total,
              pageIndex: paging.pageIndex,
              sorting: paging.sorting,
              search: paging.search,
              selectedCount: selectedMatching,
              ...callbacks,
            }}
            toolbar={
              <>
                <SelectMatchingBar
                  state={matching.state}
                  total={total ?? 0}
                  offer={
                    pageSelected &&
                    total !== null &&
                    total > rows.length &&
                    !list.isPlaceholderData &&
                    doneFor !== matchingKey
                  }
                  onSelectAll={() => matching.start(total ?? 0)}
                  onCancel={matching.cancel}
                  clearable={selectedRows.length > selectedOnPage}
                  onClear={clearSelection}
                  disabled={post.isPending}
                />
                <PostButton
                  selectedCount={selectedRows.length}
                  loading={post.isPending}
                  disabled={loadingMatching}
                  onClick={submit}
                />
              </>
            }
          />
        </PostingRowsProvider>
      )}
    </>
  );
}
