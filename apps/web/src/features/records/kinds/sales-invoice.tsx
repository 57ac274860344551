import type { RecordRowOf } from '@ff/contract';
import { ofTrip, postingDateColumn } from '@/features/records/posting/draft-columns';
import {
  dateTimeColumn,
  postingStatusColumn,
  shownAmountColumn,
  textColumn,
  valueColumn,
} from '@/features/records/posting/posting-columns';
import { initialDatedDraft, isDatedDraftReady, toDatedBody } from '@/features/records/posting/posting-date';
import { sharedBulkPatch } from '@/features/records/posting/bulk-apply';
import { postingKind } from '@/features/records/posting/posting-kind';
import type { PostingDraft } from '@/features/records/posting/use-posting-rows';

type Row = RecordRowOf<'salesInvoice'>;

/** Sales Invoices (docs/spec/product-spec.md sections 2 and 3): the entity's columns, the posting date as the only input. */
export default postingKind({
  name: 'salesInvoice',
  section: 'Invoices',
  tableLabel: 'Sales invoices',
  // The trip stays in view on the left, the posting date and amount on the right (issue 12).
  pinning: { left: ['tripNumber'], right: ['postingDate', 'amount'] },
  amountOf: (row) => row.amount,
  bulk: {
    fields: ['postingDate'],
    apply: (row, values) => sharedBulkPatch(row, values) as Partial<PostingDraft> | null,
  },
  columns: [
    postingStatusColumn<Row>(),
    valueColumn<Row>('clientName', 'Client Name'),
    textColumn<Row>('cargoRef', 'Cargo Ref'),
    textColumn<Row>('clientRef', 'Client Ref'),
    valueColumn<Row>('tripNumber', 'Trip Number'),
    textColumn<Row>('containerNumber', 'Container Number'),
    textColumn<Row>('containerSize', 'Container Size'),
    textColumn<Row>('containerWeight', 'Container Weight'),
    textColumn<Row>('truckNumber', 'Truck Number'),
    textColumn<Row>('route', 'Route'),
    dateTimeColumn<Row>('documentDate', 'Start Trip Date'),
    postingDateColumn<Row, PostingDraft>(ofTrip),
    shownAmountColumn<Row>('amount', 'Amount'),
  ],
  initialDraft: initialDatedDraft,
  // docs/spec/product-spec.md section 5: a posting date between the start trip date and now.
  isReady: isDatedDraftReady,
  toBody: toDatedBody('saleInvoice'),
});
