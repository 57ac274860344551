import { z } from 'zod';
import {
  MONEY,
  optionalDecimal,
  optionalText,
  partnerCode,
  requiredText,
} from '../../../imports/import-fields.js';
import { containerFields, importCommon, type ImportPiece } from '../shared/import.js';
import { kes, type DemoPiece } from '../shared/demo.js';
import { transporterInvoices } from './table.js';

/** Transporter invoices are imported once for both journals; an import leaves them once the first is under way. */
export const transporterInvoiceImport = {
  name: 'transporter-invoices',
  noun: ['transporter invoice', 'transporter invoices'],
  table: transporterInvoices,
  startedStatus: transporterInvoices.fjStatus,
  schema: (timeZone: string) =>
    z.object({
      ...importCommon(timeZone),
      transporterName: requiredText(200),
      transporterCode: partnerCode(),
      cargoReference: optionalText(100),
      clientRef: optionalText(100),
      tripNumber: requiredText(50),
      ...containerFields(),
      truckNumber: optionalText(40),
      routeDetails: optionalText(200),
      invoiceAmount: optionalDecimal(MONEY),
    }),
} as const satisfies ImportPiece;

/** The trip's transporter invoice: what the transporter charges for it. */
export const transporterInvoiceDemo: DemoPiece = ({ trip, sourceId, when }) => ({
  sourceId: sourceId('TI'),
  documentDate: when(trip.startsAt),
  transporterName: trip.transporter.name,
  transporterCode: trip.transporter.code,
  cargoReference: trip.cargoRef,
  clientRef: trip.clientRef,
  tripNumber: trip.number,
  containerNumber: trip.containerNumber,
  containerSize: trip.containerSize,
  containerWeight: trip.containerWeight,
  truckNumber: trip.truckNumber,
  routeDetails: trip.route.name,
  invoiceAmount: kes(trip.transporterCents),
});
