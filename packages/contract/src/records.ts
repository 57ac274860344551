import { z } from 'zod';
import { dateTimeString } from './common.js';

/**
 * Trip records as the lists show them (docs/spec/product-spec.md section 3). Money and quantities travel as exact decimal
 * strings ('12500.00', '40.000'); null shows as 'N/A'. `status` is 'unposted' or 'failed' (with lastError)
 * for rows still to post.
 */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const listStatus = z.enum(['unposted', 'failed']);
const postingState = { status: listStatus, lastError: z.string().nullable() };
/** When the record was made, and the posting date it was last posted with (null until then). */
const dates = { documentDate: dateTimeString, postingDate: z.string().nullable() };
/** The trip and container columns the invoice lists share. */
const tripColumns = {
  tripNumber: z.string(),
  containerNumber: z.string().nullable(),
  containerSize: z.string().nullable(),
  containerWeight: z.string().nullable(),
  truckNumber: z.string().nullable(),
};
/** The trip columns the advance lists (cash, fuel) start with. */
const advanceTrip = {
  id: z.number().int(),
  tripNumber: z.string(),
  route: z.string().nullable(),
  transporterName: z.string(),
  truckNumber: z.string().nullable(),
};
/** The product and quantities of a fuel advance or VAS order. */
const fuelQuantities = {
  warehouse: z.string().nullable(),
  description: z.string().nullable(),
  originQuantity: decimal,
  collectedQuantity: decimal.nullable(),
};

export const salesInvoiceRow = z.object({
  id: z.number().int(),
  clientName: z.string(),
  cargoRef: z.string().nullable(),
  clientRef: z.string().nullable(),
  ...tripColumns,
  route: z.string().nullable(),
  ...dates,
  amount: decimal.nullable(),
  ...postingState,
});
export type SalesInvoiceRow = z.infer<typeof salesInvoiceRow>;

export const firstJournalRow = z.object({
  id: z.number().int(),
  transporterName: z.string(),
  cargoReference: z.string().nullable(),
  clientRef: z.string().nullable(),
  ...tripColumns,
  routeDetails: z.string().nullable(),
  ...dates,
  supplierInvoiceNumber: z.string().nullable(),
  invoiceAmount: decimal.nullable(),
  ...postingState,
});
export type FirstJournalRow = z.infer<typeof firstJournalRow>;

/**
 * Beside the spec's fields: the first journal's posting day ('yyyy-MM-dd'), the earliest the second may carry
 * (issue 11).
 */
export const secondJournalRow = firstJournalRow.extend({
  firstJournalPostedAt: dateTimeString,
  firstJournalPostingDate: z.string().nullable(),
});
export type SecondJournalRow = z.infer<typeof secondJournalRow>;

export const cashAdvanceRow = z.object({
  ...advanceTrip,
  amount: decimal.nullable(),
  ...dates,
  onAccountId: z.number().int().nullable(),
  ...postingState,
});
export type CashAdvanceRow = z.infer<typeof cashAdvanceRow>;

export const fuelAdvanceRow = z.object({
  ...advanceTrip,
  orderNumber: z.string().nullable(),
  ...fuelQuantities,
  unitPrice: decimal,
  totalAmount: decimal.nullable(),
  ...dates,
  onAccountId: z.number().int().nullable(),
  pickupOrderNo: z.string().nullable(),
  ...postingState,
});
export type FuelAdvanceRow = z.infer<typeof fuelAdvanceRow>;

export const vasTransactionRow = z.object({
  id: z.number().int(),
  tripNumber: z.string().nullable(),
  transporterName: z.string(),
  truckNumber: z.string().nullable(),
  orderNumber: z.string().nullable(),
  supplierName: z.string(),
  ...fuelQuantities,
  buyingUnitPrice: decimal,
  sellingUnitPrice: decimal,
  totalAmount: decimal.nullable(),
  profitMargin: decimal.nullable(),
  productType: z.string(),
  revenueAccountId: z.number().int().nullable(),
  costAccountId: z.number().int().nullable(),
  ...dates,
  pickupOrderNo: z.string().nullable(),
  ...postingState,
});
export type VasTransactionRow = z.infer<typeof vasTransactionRow>;
