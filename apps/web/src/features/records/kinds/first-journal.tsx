import type { RecordRowOf } from '@ff/contract';
import { ofTrip, postingDateColumn, textDraftColumn } from '@/components/posting/draft-columns';
import {
  initialPostingDate,
  isPostingDateValid,
  toPostingDateValue,
} from '@/components/posting/posting-date';
import { sharedBulkPatch } from '@/components/posting/bulk-apply';
import { postingKind } from '@/components/posting/posting-kind';
import type { PostingDraft } from '@/components/posting/use-posting-rows';
import { identityColumns, invoiceAmountColumn, transporterPinning } from '../transporter-columns';

type Row = RecordRowOf<'firstJournal'>;
export type FirstJournalDraft = PostingDraft & { supplierInvoiceNumber: string };

/** 'Post First JE' (Transporter Invoices): the user types each row's supplier invoice number. */
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
    textDraftColumn<Row, FirstJournalDraft>({
      field: 'supplierInvoiceNumber',
      header: 'Supplier Invoice Number',
      label: 'Supplier invoice number',
      of: ofTrip,
      width: 170,
      placeholder: 'Required to post',
    }),
    invoiceAmountColumn<Row>(),
  ],
  initialDraft: (row: Row): FirstJournalDraft => ({
    postingDate: initialPostingDate(row.postingDate, new Date(), row.documentDate),
    supplierInvoiceNumber: row.supplierInvoiceNumber ?? '',
  }),
  /** docs/spec/product-spec.md section 5: a posting date in range and a supplier invoice number. */
  isReady: (row, draft) =>
    isPostingDateValid(draft.postingDate, row.documentDate) && draft.supplierInvoiceNumber.trim() !== '',
  toBody: (selected) => ({
    postSap: selected.map(({ row, draft }) => ({
      transporterInvoice: row.id,
      postingDate: toPostingDateValue(draft.postingDate!),
      supplierInvoiceNumber: draft.supplierInvoiceNumber.trim(),
    })),
  }),
});
