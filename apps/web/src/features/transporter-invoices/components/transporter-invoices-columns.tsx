import type { ColumnDef } from '@tanstack/react-table';
import type { FirstJournalRow, SecondJournalRow } from '@ff/contract';
import { TextInput } from '@mantine/core';
import { compareNullableDecimal } from '@/components/posting/decimal';
import { draftColumn } from '@/components/posting/draft-column';
import { PostingDateInput } from '@/components/posting/posting-date-input';
import { postingStatusColumn } from '@/components/posting/posting-columns';
import type { PostingDraft } from '@/components/posting/use-posting-rows';
import { formatAmount, formatDateTime, textOrNotAvailable } from '@/lib/format';

type TextKey = {
  [K in keyof FirstJournalRow]: FirstJournalRow[K] extends string | null ? K : never;
}[keyof FirstJournalRow];

/** A read-only text column ('N/A' when empty); works for both journal row types. */
function textColumn<T extends FirstJournalRow>(key: TextKey, header: string): ColumnDef<T, any> {
  return { id: key, header, accessorFn: (row) => textOrNotAvailable(row[key]) };
}

function dateTimeColumn<T extends FirstJournalRow>(
  id: string,
  header: string,
  read: (row: T) => string,
): ColumnDef<T, any> {
  return {
    id,
    header,
    // The raw 'yyyy-MM-dd HH:mm:ss' sorts chronologically; the cell shows it readable.
    accessorFn: read,
    cell: (info) => formatDateTime(info.getValue() as string),
  };
}

/** Spec section 3's transporter invoice columns up to the document date, shared by both tabs. */
function identityColumns<T extends FirstJournalRow>(): ColumnDef<T, any>[] {
  return [
    textColumn<T>('transporterName', 'Transporter Name'),
    textColumn<T>('cargoReference', 'Cargo Reference'),
    textColumn<T>('clientRef', 'Client Ref'),
    textColumn<T>('tripNumber', 'Trip Number'),
    textColumn<T>('containerNumber', 'Container Number'),
    textColumn<T>('containerSize', 'Container Size'),
    textColumn<T>('containerWeight', 'Container Weight'),
    textColumn<T>('truckNumber', 'Truck Number'),
    textColumn<T>('routeDetails', 'Route Details'),
    dateTimeColumn<T>('documentDate', 'Document Date', (row) => row.documentDate),
  ];
}

/** 2 decimals with en-US grouping, or 'N/A'; sorted by value. */
function invoiceAmountColumn<T extends FirstJournalRow>(): ColumnDef<T, any> {
  return {
    id: 'invoiceAmount',
    header: 'Invoice Amount',
    accessorFn: (row) => formatAmount(row.invoiceAmount),
    sortingFn: (a, b) => compareNullableDecimal(a.original.invoiceAmount, b.original.invoiceAmount),
  };
}

function postingDateColumn<T extends FirstJournalRow, D extends PostingDraft>(): ColumnDef<T, any> {
  return draftColumn<T, D>({
    id: 'postingDate',
    header: 'Posting Date',
    render: (row, draft, setDraft) => (
      <PostingDateInput
        aria-label={`Posting date of trip ${row.tripNumber}`}
        documentDate={row.documentDate}
        value={draft.postingDate}
        onChange={(postingDate) => setDraft({ postingDate } as Partial<D>)}
      />
    ),
  });
}

export type FirstJournalDraft = PostingDraft & { supplierInvoiceNumber: string };
export type SecondJournalDraft = PostingDraft;

/** The contract's limit for the supplier invoice number. */
const SUPPLIER_INVOICE_MAX = 100;

/** 'Post First JE': the supplier invoice number is typed per row. */
export const firstJournalColumns: ColumnDef<FirstJournalRow, any>[] = [
  postingStatusColumn<FirstJournalRow>(),
  ...identityColumns<FirstJournalRow>(),
  postingDateColumn<FirstJournalRow, FirstJournalDraft>(),
  draftColumn<FirstJournalRow, FirstJournalDraft>({
    id: 'supplierInvoiceNumber',
    header: 'Supplier Invoice Number',
    render: (row, draft, setDraft) => (
      <TextInput
        size="xs"
        w={170}
        placeholder="Required to post"
        maxLength={SUPPLIER_INVOICE_MAX}
        aria-label={`Supplier invoice number of trip ${row.tripNumber}`}
        value={draft.supplierInvoiceNumber}
        onChange={(event) => setDraft({ supplierInvoiceNumber: event.currentTarget.value })}
      />
    ),
  }),
  invoiceAmountColumn<FirstJournalRow>(),
];

/**
 * 'Post Second JE': also when the first journal was posted; the supplier invoice number typed for the first
 * journal is read-only.
 */
export const secondJournalColumns: ColumnDef<SecondJournalRow, any>[] = [
  postingStatusColumn<SecondJournalRow>(),
  ...identityColumns<SecondJournalRow>(),
  dateTimeColumn<SecondJournalRow>(
    'firstJournalPostedAt',
    'First Journal Posted At',
    (row) => row.firstJournalPostedAt,
  ),
  postingDateColumn<SecondJournalRow, SecondJournalDraft>(),
  textColumn<SecondJournalRow>('supplierInvoiceNumber', 'Supplier Invoice Number'),
  invoiceAmountColumn<SecondJournalRow>(),
];
