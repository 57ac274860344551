import { Stack } from '@mantine/core';
import type { DateRangeQuery, FirstJournalRow } from '@ff/contract';
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
import { useFirstJournal } from '../api/get-first-journal';
import { usePostFirstJournal } from '../api/post-first-journal';
import type { JournalTabProps } from './journal-tab-props';
import { firstJournalColumns, type FirstJournalDraft } from './transporter-invoices-columns';

const PAGE_SIZE = 100;
const getRowId = (row: FirstJournalRow) => String(row.id);
const initialDraft = (row: FirstJournalRow): FirstJournalDraft => ({
  postingDate: initialPostingDate(row.postingDate),
  supplierInvoiceNumber: row.supplierInvoiceNumber ?? '',
});
/** Spec section 5: a posting date in range and a supplier invoice number. */
const isReady = (row: FirstJournalRow, draft: FirstJournalDraft) =>
  isPostingDateValid(draft.postingDate, row.documentDate) && draft.supplierInvoiceNumber.trim() !== '';

/** 'Post First JE': the user types each row's supplier invoice number. */
export function FirstJournalTab({ filters, onFilter }: JournalTabProps) {
  const invoices = useFirstJournal(filters);
  const posting = usePostingRows({ rows: invoices.data, initialDraft, isReady });
  const post = usePostFirstJournal(posting.clear);
  // Filter with unchanged dates reloads the list.
  const applyFilters = (range: DateRangeQuery) =>
    isSameDateRange(range, filters) ? void invoices.refetch() : onFilter(range);

  const submit = () =>
    post.mutate({
      postSap: posting.selectedRows.map(({ row, draft }) => ({
        transporterInvoice: row.id,
        postingDate: toPostingDateValue(draft.postingDate as Date),
        supplierInvoiceNumber: draft.supplierInvoiceNumber.trim(),
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
            aria-label="First journal transporter invoices"
            data={invoices.data ?? []}
            columns={firstJournalColumns}
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
