import type { RecordRowOf } from '@ff/contract';
import { ofTrip, postingDateColumn } from '@/components/posting/draft-columns';
import { dateTimeColumn, shownTextColumn } from '@/components/posting/posting-columns';
import { initialDatedDraft, isDatedDraftReady, toDatedBody } from '@/components/posting/posting-date';
import { sharedBulkPatch } from '@/components/posting/bulk-apply';
import { postingKind } from '@/components/posting/posting-kind';
import type { PostingDraft } from '@/components/posting/use-posting-rows';
import { identityColumns, invoiceAmountColumn, transporterPinning } from '../transporter-columns';

type Row = RecordRowOf<'secondJournal'>;

/**
 * 'Post Second JE' (Transporter Invoices): rows whose first journal is posted, with when it was; the
 * supplier invoice number typed for the first journal is read-only.
 */
export default postingKind({
  name: 'secondJournal',
  section: 'Invoices',
  tableLabel: 'Second journal transporter invoices',
  pinning: transporterPinning,
  amountOf: (row) => row.invoiceAmount,
  bulk: {
    fields: ['postingDate'],
    apply: (row, values) => sharedBulkPatch(row, values) as Partial<PostingDraft> | null,
  },
  tabValue: 'second-je',
  accessDenied: true,
  columns: [
    ...identityColumns<Row>(),
    dateTimeColumn<Row>('firstJournalPostedAt', 'First Journal Posted At'),
    postingDateColumn<Row, PostingDraft>(ofTrip),
    shownTextColumn<Row>('supplierInvoiceNumber', 'Supplier Invoice Number'),
    invoiceAmountColumn<Row>(),
  ],
  initialDraft: initialDatedDraft,
  isReady: isDatedDraftReady,
  toBody: toDatedBody('transporterInvoice'),
});
