import type { RecordRowOf } from '@ff/contract';
import { ofTrip, postingDateColumn } from '@/features/records/posting/draft-columns';
import { dateTimeColumn, shownTextColumn } from '@/features/records/posting/posting-columns';
import { initialPostingDate, isPostingDateValid, toDatedBody } from '@/features/records/posting/posting-date';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import { postingKind } from '@/features/records/posting/posting-kind';
import type { PostingDraft } from '@/features/records/posting/use-posting-rows';
import { identityColumns, invoiceAmountColumn, transporterPinning } from '../transporter-columns';

type Row = RecordRowOf<'secondJournal'>;

/**
 * The earliest posting date of a second journal (issue 11): its document date, or the start of its first
 * journal's posting day when that is later (the server refuses an earlier one). Both 'yyyy-MM-dd HH:mm:ss'.
 */
export function earliestSecondJournalDate(row: Pick<Row, 'documentDate' | 'firstJournalPostingDate'>) {
  const firstJournal = row.firstJournalPostingDate ? `${row.firstJournalPostingDate} 00:00:00` : '';
  return firstJournal > row.documentDate ? firstJournal : row.documentDate;
}

/**
 * 'Post Second JE' (Transporter Invoices): rows whose first journal is posted, with when it was; the
 * supplier invoice number typed for the first journal is read-only. The posting date may not be before the
 * first journal's.
 */
export default postingKind({
  name: 'secondJournal',
  section: 'Invoices',
  tableLabel: 'Second journal transporter invoices',
  pinning: transporterPinning,
  amountOf: (row) => row.invoiceAmount,
  bulk: {
    fields: ['postingDate'],
    apply: (row, values) =>
      sharedBulkPatch(
        { ...row, documentDate: earliestSecondJournalDate(row) },
        values,
      ) as Partial<PostingDraft> | null,
    // A second journal's earliest day is its first journal's posting day (issue 26: the refusal named the
    // document date, weeks earlier).
    tooEarly: "first journal's posting date",
  },
  tabValue: 'second-je',
  accessDenied: true,
  columns: [
    ...identityColumns<Row>(),
    dateTimeColumn<Row>('firstJournalPostedAt', 'First Journal Posted At'),
    postingDateColumn<Row, PostingDraft>(ofTrip, earliestSecondJournalDate),
    shownTextColumn<Row>('supplierInvoiceNumber', 'Supplier Invoice Number'),
    invoiceAmountColumn<Row>(),
  ],
  initialDraft: (row: Row): PostingDraft => ({
    postingDate: initialPostingDate(row.postingDate, new Date(), earliestSecondJournalDate(row)),
  }),
  isReady: (row, draft) => isPostingDateValid(draft.postingDate, earliestSecondJournalDate(row)),
  toBody: toDatedBody('transporterInvoice'),
});
