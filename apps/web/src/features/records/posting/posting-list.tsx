import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@ff/contract';
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
import { currentUserQueryKey, useCurrentUser } from '@/lib/auth/current-user';
import { pageQuery } from '@/lib/list-query';
import { useListUrlState } from '@/lib/url-state';
import { applyTargetLabel, applyToRows } from './apply-to-rows';
import { useCompactPostingColumns } from './compact-columns';
import { isSameDateRange } from './date-range';
import { PostingRowsProvider } from './draft-column';
import { draftStorageKey, useSaveDrafts, useSavedDrafts } from './draft-storage';
import { LIST_PAGE_SIZE, isInDateRange, serverSortableColumns, sortOf } from './list-paging';
import type { ChunkedPostOutcome } from './post-records';
import { PostButton } from './post-button';
import type { BulkValues, PostingKind, ScreenData, SelectedRow } from './posting-kind';
import { usePostRecordKind } from './post-records';
import { getRecordPage, useRecordPage } from './record-queries';
import { ReversedRowsProvider, useReversedRows } from './reversed-rows';
import { useRowLabel } from './row-label';
import { SelectMatchingBar } from './select-matching-bar';
import { selectedTotalsOf, selectionFeedback } from './selection-feedback';
import { BlockedRowsAlert, SelectionSummary, useSelectedMatching } from './selection-summary';
import { usePostingRows, type PostingDraft } from './use-posting-rows';
import { usePostingExport } from './use-posting-export';
import { useSelectMatching } from './use-select-matching';
import { useSubmitPost } from './use-submit-post';
import { selectionOf, settleSelection, useLongPost } from './long-post';

const getRowId = (row: { id: number }) => String(row.id);

// The bar's inputs (a date picker, selects) are a chunk of their own, loaded when the bar is opened.
const ApplyBar = lazy(() => import('./apply-bar'));
const NO_SCREEN_DATA: ScreenData<undefined> = { context: undefined, isPending: false, error: null };
const useNoScreenData = () => NO_SCREEN_DATA;

export type PostingListProps<K extends RecordKindName, D extends PostingDraft, C> = {
  kind: PostingKind<K, D, C>;
  /** The screen whose URL state (and remembered state per user) this list shares: 'sales-invoices'. */
  screenKey: string;
  /** On a tabbed screen, this tab's list's URL parameters prefix ('fj' -> 'fj.page'). */
  urlPrefix?: string;
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
  screenKey,
  urlPrefix,
}: PostingListProps<K, D, C>) {
  const entry = RECORD_KINDS_PLAIN[kind.name] as RecordKindEntry;
  const rowLabel = useRowLabel(kind.rowName);
  const columns = useMemo(
    () => serverSortableColumns(kind.columns, entry.rowFields),
    [kind.columns, entry.rowFields],
  );
  // At phone width: the trip, the amount and the inputs in the row, the rest in its details (issue 26, defect 1).
  const compactColumns = useCompactPostingColumns(columns, kind.pinning, entry.amountField);
  // Without the kind's Post permission the button is disabled and says which one (issue 26, defect 10);
  // the route guard has loaded the user (a user not known yet is left to the server to refuse).
  const signedIn = useCurrentUser().data;
  const mayPost = !signedIn || signedIn.permissions.includes(entry.permissions.post);
  // Filters, search, sort and page live in the URL (shareable, Back works) and are remembered per user
  // and screen (issue 12); a tab's list keeps its own under its prefix.
  const url = useListUrlState(screenKey, { prefix: urlPrefix });
  const { filters } = url;
  const query = pageQuery({
    pageIndex: url.pageIndex,
    pageSize: LIST_PAGE_SIZE,
    sort: sortOf(url.sorting, entry.rowFields),
    search: url.appliedSearch,
  });
  const list = useRecordPage(kind.name, filters, query);
  const pageRows = list.data?.data;
  // Rows back after a reversal say so until posted again (issue 26, defect 8).
  const reversedRows = useReversedRows(kind.name, pageRows);

  // The same hook on every render: a PostingList is keyed by its kind.
  const screen = (kind.useScreenData ?? useNoScreenData)() as ScreenData<C>;
  const { context } = screen;
  // Drafts survive a reload or a new sign-in in this tab, per user and screen (issue 12).
  // The signed-in user (the route guard loaded it; read without a request of our own).
  const userId = useQueryClient().getQueryData<CurrentUser | null>(currentUserQueryKey)?.id;
  const saved = useSavedDrafts(userId === undefined ? null : draftStorageKey(userId, kind.name));
  const posting = usePostingRows<RecordRowOf<K>, D>({
    rows: pageRows,
    initialDraft: (row) => saved.restore(row.id, kind.initialDraft(row)),
    isReady: (row, draft) => kind.isReady(row, draft, context),
    context,
    saved: saved.savedRow,
  });
  useSaveDrafts(saved, {
    drafts: posting.drafts,
    selection: posting.rowSelection,
    touched: posting.touched,
  });

  // Why a row cannot be selected, and what a Shift range or 'select all' could not select (issue 26, defect 9).
  const feedback = selectionFeedback({
    kind,
    context,
    posting,
    initialDraft: (row) => saved.restore(row.id, kind.initialDraft(row)),
  });

  const matchingKey = JSON.stringify([filters.fromDate, filters.toDate, query.search ?? '']);
  const matching = useSelectMatching<RecordRowOf<K>>({
    queryKey: matchingKey,
    loadPage: (page) => getRecordPage(kind.name, filters, { ...query, page, perPage: MAX_PER_PAGE }),
    onLoaded: feedback.selectLoaded,
  });

  // Drafts stay (a row that comes back, failed, keeps its inputs); posted rows leave the list on reload.
  // After a post the 'Apply to rows' bar starts afresh (issue 26, defect 2): a new key remounts it empty.
  const [applyUse, setApplyUse] = useState(0);
  // A long post's progress, Cancel and summary (issue 26); 'Select failed rows' selects just those.
  const longPost = useLongPost((ids) => posting.setRowSelection(selectionOf(ids)));
  const afterPost = (outcome: ChunkedPostOutcome) => {
    const labels = new Map(posting.selectedRows.map(({ row }) => [row.id, rowLabel(row)]));
    longPost.finish(outcome, (id) => labels.get(id) ?? `record ${id}`);
    setApplyUse((use) => use + 1);
    settleSelection(posting, outcome);
    matching.reset();
  };
  const post = usePostRecordKind(
    kind.name,
    (chunk: SelectedRow<RecordRowOf<K>, D>[]) => kind.toBody(chunk, context),
    afterPost,
    longPost.hooks,
  );

  const applyFilters = (range: DateRangeQuery) => {
    if (isSameDateRange(range, filters)) return void list.refetch();
    // Rows outside the new dates leave the list: they lose their inputs and selection, as they always have.
    posting.retain((row) => isInDateRange(row as { documentDate: string }, range));
    matching.cancel();
    url.setFilters(range);
  };
  // Refused rows named, a large post confirmed first (issue 26), one request at a time (defect 2).
  const selectedTotals = selectedTotalsOf(kind.amountOf, posting.selectedRows);
  const { submit, blocked, deselectBlocked, modal } = useSubmitPost({
    posting,
    context,
    blockedRows: kind.blockedRows,
    canPost: kind.canPost,
    mayPost,
    post,
    totals: selectedTotals,
    noun: entry.noun,
  });

  // 'Apply to rows' (issue 12): the selected rows, else the rows of the page.
  const [applyOpen, setApplyOpen] = useState(false);
  const applyTo = (values: BulkValues) => applyToRows(kind, posting, pageRows ?? [], values, context);
  const clearSelection = () => {
    posting.clear();
    matching.reset();
  };

  const { selectedRows, rowSelection, canSelect } = posting;
  const selectedMatching = useSelectedMatching(selectedRows, entry.searchFields, query.search);
  const rows = pageRows ?? [];
  const total = list.data ? list.data.meta.total : null;
  const selectedOnPage = rows.filter((row) => rowSelection[String(row.id)]).length;
  const selectable = rows.filter(canSelect);
  const pageSelected = selectable.length > 0 && selectable.every((row) => rowSelection[String(row.id)]);
  const loadingMatching = matching.state.status === 'loading';
  const doneFor = matching.state.status === 'idle' ? matching.state.doneFor : null;

  const applyTarget = applyTargetLabel(selectedRows.length, rows.length);

  const exportOptions = usePostingExport({
    kind,
    screenKey,
    columns,
    source: { draftOf: posting.draftOf, context, filters, query },
  });

  const error = list.error ?? screen.error;
  return (
    <ReversedRowsProvider rows={reversedRows}>
      {modal}
      {longPost.ui}
      <FiltersPanel
        onFilter={applyFilters}
        initialValue={filters}
        defaultOpened={Boolean(filters.fromDate || filters.toDate)}
        loading={list.isFetching}
      />
      {error ? (
        <ErrorAlert error={error} accessDenied={kind.accessDenied} />
      ) : (
        <PostingRowsProvider posting={posting} context={context}>
          {blocked && blocked.ids.some((id) => rowSelection[String(id)]) && (
            <BlockedRowsAlert blocked={blocked} onDeselect={deselectBlocked} />
          )}
          {applyOpen && kind.bulk && (
            <Suspense fallback={null}>
              <ApplyBar
                key={applyUse}
                pageRows={selectedRows.length > 0 ? null : rows.length}
                fields={kind.bulk.fields}
                options={kind.bulk.options?.(context) ?? {}}
                target={applyTarget}
                onApply={applyTo}
                onClose={() => setApplyOpen(false)}
              />
            </Suspense>
          )}
          <DataTable
            aria-label={kind.tableLabel}
            data={rows}
            columns={columns}
            getRowId={getRowId}
            pageSize={LIST_PAGE_SIZE}
            enableRowSelection={canSelect}
            rowSelection={rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            exportOptions={exportOptions}
            columnPinning={kind.pinning}
            compactColumns={compactColumns}
            rowLabel={rowLabel}
            selectionHint={feedback.selectionHint}
            onRangeSkipped={feedback.onRangeSkipped}
            loading={list.isFetching || post.isPending || screen.isPending}
            server={{
              total,
              pageIndex: url.pageIndex,
              sorting: url.sorting,
              search: url.search,
              selectedCount: selectedMatching,
              onPageIndexChange: url.setPageIndex,
              onSortingChange: url.setSorting,
              onSearchChange: url.setSearch,
            }}
            toolbar={
              <>
                {kind.toolbarExtra && <kind.toolbarExtra />}
                <SelectionSummary count={selectedRows.length} totals={selectedTotals} />
                {kind.bulk && !applyOpen && (
                  <Button
                    variant="default"
                    onClick={() => setApplyOpen(true)}
                    disabled={rows.length === 0 || post.isPending}
                  >
                    Apply to rows
                  </Button>
                )}
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
                  missingPermission={mayPost ? null : entry.permissions.post}
                  onClick={submit}
                />
              </>
            }
          />
        </PostingRowsProvider>
      )}
    </ReversedRowsProvider>
  );
}
