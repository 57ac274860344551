import type { PostFieldRule } from './kind-entry.js';

/**
 * The pieces several registry entries (kinds.ts) are built from: row field groups, searched field groups, and
 * the post body maker.
 */

/** Row field groups several kinds share, in the order the row schemas (records.ts) list them. */
export const dates = ['documentDate', 'postingDate'] as const;
export const postingState = ['status', 'lastError'] as const;
export const tripColumns = [
  'tripNumber',
  'containerNumber',
  'containerSize',
  'containerWeight',
  'truckNumber',
] as const;
export const advanceTrip = ['id', 'tripNumber', 'route', 'transporterName', 'truckNumber'] as const;
export const fuelQuantities = ['warehouse', 'description', 'originQuantity', 'collectedQuantity'] as const;
export const transporterRow = [
  'id',
  'transporterName',
  'cargoReference',
  'clientRef',
  ...tripColumns,
  'routeDetails',
  ...dates,
  'supplierInvoiceNumber',
  'invoiceAmount',
  ...postingState,
] as const;

/** Searched fields several kinds share: the transporter invoice's shown texts, the advances' trip columns. */
export const transporterSearch = [
  'transporterName',
  'cargoReference',
  'clientRef',
  ...tripColumns,
  'routeDetails',
] as const;
export const advanceSearch = ['tripNumber', 'route', 'transporterName', 'truckNumber'] as const;

/** A post body entry: the id field (its rule is always 'recordId') first, then the other fields. */
export const postOf = <const I extends string, const F extends Readonly<Record<string, PostFieldRule>>>(
  idField: I,
  fields: F,
) => ({ idField, fields: { [idField]: 'recordId', ...fields } as { readonly [K in I]: 'recordId' } & F });
