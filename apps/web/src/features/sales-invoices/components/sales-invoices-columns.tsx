import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { SalesInvoiceRow } from '@ff/contract';
import { compareNullableDecimal } from '@/components/posting/decimal';
import { draftColumn } from '@/components/posting/draft-column';
import { PostingDateInput } from '@/components/posting/posting-date-input';
import { postingStatusColumn } from '@/components/posting/posting-columns';
import type { PostingDraft } from '@/components/posting/use-posting-rows';
import { formatAmount, formatDateTime, textOrNotAvailable } from '@/lib/format';

export type SalesInvoiceDraft = PostingDraft;

const column = createColumnHelper<SalesInvoiceRow>();
const text = (value: string | null) => textOrNotAvailable(value);

/** The sales invoice entity's columns (spec section 3), the posting date as an input. */
export const salesInvoiceColumns: ColumnDef<SalesInvoiceRow, any>[] = [
  postingStatusColumn<SalesInvoiceRow>(),
  column.accessor('clientName', { header: 'Client Name' }),
  column.accessor('cargoRef', { header: 'Cargo Ref', cell: (info) => text(info.getValue()) }),
  column.accessor('clientRef', { header: 'Client Ref', cell: (info) => text(info.getValue()) }),
  column.accessor('tripNumber', { header: 'Trip Number' }),
  column.accessor('containerNumber', { header: 'Container Number', cell: (info) => text(info.getValue()) }),
  column.accessor('containerSize', { header: 'Container Size', cell: (info) => text(info.getValue()) }),
  column.accessor('containerWeight', { header: 'Container Weight', cell: (info) => text(info.getValue()) }),
  column.accessor('truckNumber', { header: 'Truck Number', cell: (info) => text(info.getValue()) }),
  column.accessor('route', { header: 'Route', cell: (info) => text(info.getValue()) }),
  column.accessor('documentDate', {
    header: 'Start Trip Date',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  draftColumn<SalesInvoiceRow, SalesInvoiceDraft>({
    id: 'postingDate',
    header: 'Posting Date',
    render: (row, draft, setDraft) => (
      <PostingDateInput
        aria-label={`Posting date of trip ${row.tripNumber}`}
        documentDate={row.documentDate}
        value={draft.postingDate}
        onChange={(postingDate) => setDraft({ postingDate })}
      />
    ),
  }),
  // Searched as shown, so '1,250.00' and 'N/A' both find their rows; sorted by value.
  column.accessor((row) => formatAmount(row.amount), {
    id: 'amount',
    header: 'Amount',
    sortingFn: (a, b) => compareNullableDecimal(a.original.amount, b.original.amount),
  }),
];
