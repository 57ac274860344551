import { useState } from 'react';
import { Stack } from '@mantine/core';
import type { DateRangeQuery, SalesInvoiceRow } from '@ff/contract';
import { DataTable } from '@/components/data-table/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { FiltersPanel } from '@/components/filters-panel';
import { PageHeader } from '@/components/page-header';
import { isSameDateRange } from '@/components/posting/date-range';
import { PostingRowsProvider } from '@/components/posting/draft-column';
import { PostButton } from '@/components/posting/post-button';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';
import { usePostingRows } from '@/components/posting/use-posting-rows';
import { useSalesInvoices } from '../api/get-sales-invoices';
import { usePostSalesInvoices } from '../api/post-sales-invoices';
import { salesInvoiceColumns, type SalesInvoiceDraft } from './sales-invoices-columns';

const PAGE_SIZE = 100;
const getRowId = (row: SalesInvoiceRow) => String(row.id);
const initialDraft = (row: SalesInvoiceRow): SalesInvoiceDraft => ({
  postingDate: initialPostingDate(row.postingDate),
});
/** Spec section 5: a sales invoice needs a posting date between its start trip date and now. */
const isReady = (row: SalesInvoiceRow, draft: SalesInvoiceDraft) =>
  isPostingDateValid(draft.postingDate, row.documentDate);

export function SalesInvoicesPage() {
  const [filters, setFilters] = useState<DateRangeQuery>({});
  const invoices = useSalesInvoices(filters);
  const posting = usePostingRows({ rows: invoices.data, initialDraft, isReady });
  const post = usePostSalesInvoices(posting.clear);
  // Filter with unchanged dates reloads the list.
  const applyFilters = (range: DateRangeQuery) =>
    isSameDateRange(range, filters) ? void invoices.refetch() : setFilters(range);

  const submit = () =>
    post.mutate({
      postSap: posting.selectedRows.map(({ row, draft }) => ({
        saleInvoice: row.id,
        // Selected rows are ready, so their posting date is set.
        postingDate: toPostingDateValue(draft.postingDate as Date),
      })),
    });

  return (
    <Stack gap="md">
      <PageHeader items={[{ title: 'Invoices' }, { title: 'Sales Invoices' }]} />
      <FiltersPanel onFilter={applyFilters} initialValue={filters} loading={invoices.isFetching} />
      {invoices.isError ? (
        <ErrorAlert error={invoices.error} />
      ) : (
        <PostingRowsProvider posting={posting}>
          <DataTable
            aria-label="Sales invoices"
            data={invoices.data ?? []}
            columns={salesInvoiceColumns}
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
