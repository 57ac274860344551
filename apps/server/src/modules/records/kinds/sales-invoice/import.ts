import {
  MONEY,
  optionalDecimal,
  optionalText,
  partnerCode,
  requiredText,
} from '../../../imports/import-fields.js';
import { declareImport, tripContainerFields } from '../shared/import.js';
import { tripMoney, tripContainerDemo, type DemoPiece } from '../shared/demo.js';
import { salesInvoices } from './table.js';

export const salesInvoiceImport = declareImport(salesInvoices, {
  name: 'sales-invoices',
  noun: ['sales invoice', 'sales invoices'],
  fields: {
    clientName: requiredText(200),
    customerCode: partnerCode(),
    cargoRef: optionalText(100),
    clientRef: optionalText(100),
    ...tripContainerFields(),
    route: optionalText(200),
    amount: optionalDecimal(MONEY),
    vatGroup: optionalText(8),
  },
});

/** The trip's sales invoice: the customer billed the freight. */
export const salesInvoiceDemo: DemoPiece = ({ trip, sourceId, when, foreign }) => ({
  sourceId: sourceId('SI'),
  documentDate: when(trip.startsAt),
  clientName: trip.customer.name,
  customerCode: trip.customer.code,
  cargoRef: trip.cargoRef,
  clientRef: trip.clientRef,
  ...tripContainerDemo(trip),
  route: trip.route.name,
  ...tripMoney({ trip, foreign }, trip.salesCents),
  // Transit freight is zero-rated for VAT, work at home carries 16% (SAP's O0 and O1).
  ...(foreign ? { vatGroup: trip.route.transit ? 'O0' : 'O1' } : ({} as Record<string, string>)),
});
