import type { PostFieldRule, RowFieldType } from './kind-entry.js';

/**
 * The pieces several registry entries (kinds.ts) are built from: row field groups with their types, searched
 * field groups, the post body maker, and the names post fields go by in messages.
 */

type Fields = Readonly<Record<string, RowFieldType>>;
const fields = <const F extends Fields>(f: F) => f;

/** Row field groups several kinds share, in the order the rows list them. */
/**
 * The document date, the posting date and the record's currency (ISO 4217 as the trip system sent it; null: the
 * company's local currency, the spec's records), which every record has.
 */
export const dates = fields({ documentDate: 'instant', postingDate: 'text?', currency: 'text?' });
export const postingState = fields({ status: 'status', lastError: 'text?' });
export const tripColumns = fields({
  tripNumber: 'text',
  containerNumber: 'text?',
  containerSize: 'text?',
  containerWeight: 'text?',
  truckNumber: 'text?',
});
/** The trip columns the advance lists (cash, fuel) start with. */
export const advanceTrip = fields({
  id: 'id',
  tripNumber: 'text',
  route: 'text?',
  transporterName: 'text',
  truckNumber: 'text?',
});
/** The product and quantities of a fuel advance or VAS order. */
export const fuelQuantities = fields({
  warehouse: 'text?',
  description: 'text?',
  originQuantity: 'decimal',
  collectedQuantity: 'decimal?',
});
export const transporterRow = fields({
  id: 'id',
  transporterName: 'text',
  cargoReference: 'text?',
  clientRef: 'text?',
  ...tripColumns,
  routeDetails: 'text?',
  ...dates,
  supplierInvoiceNumber: 'text?',
  invoiceAmount: 'decimal?',
  ...postingState,
});

const namesOf = <F extends Fields>(f: F) => Object.keys(f) as (keyof F & string)[];
export const tripColumnNames = namesOf(tripColumns);

/** Searched fields several kinds share: the transporter invoice's shown texts, the advances' trip columns. */
export const transporterSearch = [
  'transporterName',
  'cargoReference',
  'clientRef',
  ...tripColumnNames,
  'routeDetails',
] as const;
export const advanceSearch = ['tripNumber', 'route', 'transporterName', 'truckNumber'] as const;

/** A post body entry: the id field (its rule is always 'recordId') first, then the other fields. */
export const postOf = <const I extends string, const F extends Readonly<Record<string, PostFieldRule>>>(
  idField: I,
  fields: F,
) => ({ idField, fields: { [idField]: 'recordId', ...fields } as { readonly [K in I]: 'recordId' } & F });

/**
 * What a post field is called in its messages ('The posting ledger is required.'), where its name's words
 * ('tollPlaza': 'toll plaza') would not say it. An optional flag's message starts with it, capitalised.
 */
export const POST_FIELD_LABELS: Readonly<Record<string, string>> = {
  sapAccount: 'posting ledger',
  sapAccountRevenue: 'revenue account',
  sapAccountCost: 'cost account',
  orderNumber: 'pickup order number',
  allowDuplicateSupplierInvoice: 'Post anyway',
};

/** A post field's name in messages: its label, or the words of its name ('supplierInvoiceNumber'). */
export const postFieldLabel = (field: string): string =>
  POST_FIELD_LABELS[field] ?? field.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
