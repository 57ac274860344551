import type { ListContext } from '../shared/list.js';
import { transporterInvoices as t } from './table.js';

/** The columns both journals' lists show of a transporter invoice. */
export const transporterListColumns = ({ dateTime }: ListContext) => ({
  id: t.id,
  transporterName: t.transporterName,
  cargoReference: t.cargoReference,
  clientRef: t.clientRef,
  tripNumber: t.tripNumber,
  containerNumber: t.containerNumber,
  containerSize: t.containerSize,
  containerWeight: t.containerWeight,
  truckNumber: t.truckNumber,
  routeDetails: t.routeDetails,
  documentDate: dateTime(t.documentDate),
  supplierInvoiceNumber: t.supplierInvoiceNumber,
  invoiceAmount: t.invoiceAmount,
});
