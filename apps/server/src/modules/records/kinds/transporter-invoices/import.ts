import { MONEY, optionalDecimal, optionalText } from '../../../imports/import-fields.js';
import { declareImport, transporterFields, tripContainerFields } from '../shared/import.js';
import { kes, transporterDemo, tripContainerDemo, type DemoPiece } from '../shared/demo.js';
import { transporterInvoices } from './table.js';

/** Transporter invoices are imported once for both journals; an import leaves them once the first is under way. */
export const transporterInvoiceImport = declareImport(transporterInvoices, {
  name: 'transporter-invoices',
  noun: ['transporter invoice', 'transporter invoices'],
  startedStatus: transporterInvoices.fjStatus,
  fields: {
    ...transporterFields(),
    cargoReference: optionalText(100),
    clientRef: optionalText(100),
    ...tripContainerFields(),
    routeDetails: optionalText(200),
    invoiceAmount: optionalDecimal(MONEY),
  },
});

/** The trip's transporter invoice: what the transporter charges for it. */
export const transporterInvoiceDemo: DemoPiece = ({ trip, sourceId, when }) => ({
  sourceId: sourceId('TI'),
  documentDate: when(trip.startsAt),
  ...transporterDemo(trip),
  cargoReference: trip.cargoRef,
  clientRef: trip.clientRef,
  ...tripContainerDemo(trip),
  routeDetails: trip.route.name,
  invoiceAmount: kes(trip.transporterCents),
});
