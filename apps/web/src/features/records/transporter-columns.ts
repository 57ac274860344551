import type { ColumnDef } from '@tanstack/react-table';
import type { RecordRowOf } from '@ff/contract';
import {
  dateTimeColumn,
  postingStatusColumn,
  shownAmountColumn,
  shownTextColumn,
} from '@/features/records/posting/posting-columns';

type JournalRow = RecordRowOf<'firstJournal'>;

const identity: ColumnDef<JournalRow, any>[] = [
  postingStatusColumn<JournalRow>(),
  shownTextColumn<JournalRow>('transporterName', 'Transporter Name'),
  shownTextColumn<JournalRow>('cargoReference', 'Cargo Reference'),
  shownTextColumn<JournalRow>('clientRef', 'Client Ref'),
  shownTextColumn<JournalRow>('tripNumber', 'Trip Number'),
  shownTextColumn<JournalRow>('containerNumber', 'Container Number'),
  shownTextColumn<JournalRow>('containerSize', 'Container Size'),
  shownTextColumn<JournalRow>('containerWeight', 'Container Weight'),
  shownTextColumn<JournalRow>('truckNumber', 'Truck Number'),
  shownTextColumn<JournalRow>('routeDetails', 'Route Details'),
  dateTimeColumn<JournalRow>('documentDate', 'Document Date'),
];

/**
 * docs/spec/product-spec.md section 3's transporter invoice columns, shared by both journal tabs: the status, the invoice up to
 * its document date (`identityColumns`) and the invoice amount (`invoiceAmountColumn`). The read-only
 * texts are searched as shown, 'N/A' included.
 */
export const identityColumns = <T extends JournalRow>() => identity as ColumnDef<T, any>[];

/** The trip stays in view on the left, the posting date and invoice amount on the right (issue 12). */
export const transporterPinning = {
  left: ['tripNumber'],
  right: ['postingDate', 'supplierInvoiceNumber', 'invoiceAmount'],
};

/** 2 decimals with en-US grouping, or 'N/A'; sorted by value. */
export const invoiceAmountColumn = <T extends JournalRow>() =>
  shownAmountColumn<JournalRow>('invoiceAmount', 'Invoice Amount') as ColumnDef<T, any>;
