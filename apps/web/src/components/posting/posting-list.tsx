import type { DateRangeQuery, RecordRowOf } from '@ff/contract';
import type { RecordKindName } from '@ff/contract/plain';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { isSameDateRange } from './date-range';
import { PostingRowsProvider } from './draft-column';
import { PostButton } from './post-button';
import type { PostingKind, ScreenData } from './posting-kind';
import { usePostRecordKind, useRecordList } from './record-queries';
import { usePostingRows, type PostingDraft } from './use-posting-rows';

const PAGE_SIZE = 100;
const getRowId = (row: { id: number }) => String(row.id);
const NO_SCREEN_DATA: ScreenData<undefined> = { context: undefined, isPending: false, error: null };
const useNoScreenData = () => NO_SCREEN_DATA;

export type PostingListProps<K extends RecordKindName, D extends PostingDraft, C> = {
  kind: PostingKind<K, D, C>;
  /** The date filter; it lives in the page, so a tab keeps its own while another is shown. */
  filters: DateRangeQuery;
  onFilter: (filters: DateRangeQuery) => void;
};

/**
 * One posting step's Filters panel, table and 'Post to SAP' button (docs/spec/product-spec.md sections 2, 4, 5 and 8): rows
 * become selectable once their inputs are valid, the button posts the selected rows, a toast tells the
 * outcome and the list reloads with its filters. Filter with unchanged dates reloads the list too.
 */
export function PostingList<K extends RecordKindName, D extends PostingDraft, C>({
  kind,
  filters,
  onFilter,
}: PostingListProps<K, D, C>) {
  const list = useRecordList(kind.name, filters);
  // The same hook on every render: a PostingList is keyed by its kind.
  const screen = (kind.useScreenData ?? useNoScreenData)() as ScreenData<C>;
  const { context } = screen;
  const posting = usePostingRows<RecordRowOf<K>, D>({
    rows: list.data,
    initialDraft: kind.initialDraft,
    isReady: (row, draft) => kind.isReady(row, draft, context),
    context,
  });
  const post = usePostRecordKind(kind.name, posting.clear);
  const applyFilters = (range: DateRangeQuery) =>
    isSameDateRange(range, filters) ? void list.refetch() : onFilter(range);

  const submit = () => {
    if (kind.canPost && !kind.canPost(posting.selectedRows, context)) return;
    post.mutate(kind.toBody(posting.selectedRows, context));
  };

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
            data={list.data ?? []}
            columns={kind.columns}
            getRowId={getRowId}
            pageSize={PAGE_SIZE}
            enableRowSelection={posting.canSelect}
            rowSelection={posting.rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            enableExport={false}
            columnPinning={kind.pinning}
            loading={list.isFetching || post.isPending || screen.isPending}
            toolbar={
              <PostButton
                selectedCount={posting.selectedRows.length}
                loading={post.isPending}
                onClick={submit}
              />
            }
          />
        </PostingRowsProvider>
      )}
    </>
  );
}
