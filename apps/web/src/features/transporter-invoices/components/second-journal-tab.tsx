import { Stack } from '@mantine/core';
import type { DateRangeQuery, SecondJournalRow } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { isSameDateRange } from '@/components/posting/date-range';
import { PostingRowsProvider } from '@/components/posting/draft-column';
import { PostButton } from '@/components/posting/post-button';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';
import { usePostingRows } from '@/components/posting/use-posting-rows';
import { useSecondJournal } from '../api/get-second-journal';
import { usePostSecondJournal } from '../api/post-second-journal';
import type { JournalTabProps } from './journal-tab-props';
import { secondJournalColumns, type SecondJournalDraft } from './transporter-invoices-columns';

const PAGE_SIZE = 100;
const getRowId = (row: SecondJournalRow) => String(row.id);
const initialDraft = (row: SecondJournalRow): SecondJournalDraft => ({
  postingDate: initialPostingDate(row.postingDate),
});
const isReady = (row: SecondJournalRow, draft: SecondJournalDraft) =>
  isPostingDateValid(draft.postingDate, row.documentDate);

/** 'Post Second JE': rows whose first journal is posted; the supplier invoice number is read-only. */
export function SecondJournalTab({ filters, onFilter }: JournalTabProps) {
  const invoices = useSecondJournal(filters);
  const posting = usePostingRows({ rows: invoices.data, initialDraft, isReady });
  const post = usePostSecondJournal(posting.clear);
  // Filter with unchanged dates reloads the list.
  const applyFilters = (range: DateRangeQuery) =>
    isSameDateRange(range, filters) ? void invoices.refetch() : onFilter(range);

  const submit = () =>
    post.mutate({
      postSap: posting.selectedRows.map(({ row, draft }) => ({
        transporterInvoice: row.id,
        postingDate: toPostingDateValue(draft.postingDate as Date),
      })),
    });

  return (
    <Stack gap="md">
      <FiltersPanel onFilter={applyFilters} initialValue={filters} loading={invoices.isFetching} />
      {invoices.isError ? (
        // Spec section 6: on this screen any list failure reads 'Access Denied'.
        <ErrorAlert error={invoices.error} accessDenied />
      ) : (
        <PostingRowsProvider posting={posting}>
          <DataTable
            aria-label="Second journal transporter invoices"
            data={invoices.data ?? []}
            columns={secondJournalColumns}
            getRowId={getRowId}
            pageSize={PAGE_SIZE}
            enableRowSelection={posting.canSelect}
            rowSelection={posting.rowSelection}
            onRowSelectionChange={posting.setRowSelection}
            enableExport={false}
            loading={invoices.isFetching || post.isPending}
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
    </Stack>
  );
}
