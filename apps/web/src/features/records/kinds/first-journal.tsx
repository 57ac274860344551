import type { RecordRowOf } from '@ff/contract';
import { ofTrip, postingDateColumn } from '@/features/records/posting/draft-columns';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/features/records/posting/posting-date';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import { postingKind } from '@/features/records/posting/posting-kind';
import {
  duplicateTrips,
  isSupplierInvoiceReady,
  supplierInvoiceColumn,
  type FirstJournalDraft,
} from '../supplier-invoice-column';
import { identityColumns, invoiceAmountColumn, transporterPinning } from '../transporter-columns';

type Row = RecordRowOf<'firstJournal'>;
export type { FirstJournalDraft };

/**
 * 'Post First JE' (Transporter Invoices): the user types each row's supplier invoice number; one the
 * transporter used already on another record is flagged and posts only with "Post anyway" (issue 11).
 */
export default postingKind({
  name: 'firstJournal',
  section: 'Invoices',
  tableLabel: 'First journal transporter invoices',
  pinning: transporterPinning,
  amountOf: (row) => row.invoiceAmount,
  bulk: {
    fields: ['postingDate'],
    apply: (row, values) => sharedBulkPatch(row, values) as Partial<FirstJournalDraft> | null,
  },
  tabValue: 'first-je',
  accessDenied: true,
  columns: [
    ...identityColumns<Row>(),
    postingDateColumn<Row, FirstJournalDraft>(ofTrip),
    supplierInvoiceColumn(),
    invoiceAmountColumn<Row>(),
  ],
  initialDraft: (row: Row): FirstJournalDraft => ({
    postingDate: initialPostingDate(row.postingDate, new Date(), row.documentDate),
    supplierInvoiceNumber: row.supplierInvoiceNumber ?? '',
    allowDuplicate: false,
    usedOn: null,
  }),
  /** docs/spec/product-spec.md section 5: a posting date in range and a supplier invoice number. */
  isReady: (row, draft) =>
    isPostingDateValid(draft.postingDate, row.documentDate) && isSupplierInvoiceReady(draft),
  toBody: (selected) => ({
    postSap: selected.map(({ row, draft }) => ({
      transporterInvoice: row.id,
      postingDate: toPostingDateValue(draft.postingDate!),
      supplierInvoiceNumber: draft.supplierInvoiceNumber.trim(),
      ...(draft.allowDuplicate && duplicateTrips(draft).length
        ? { allowDuplicateSupplierInvoice: true }
        : {}),
    })),
  }),
});
