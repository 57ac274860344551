import { z } from 'zod';
import {
  containerNumber,
  containerSize,
  documentDate,
  MONEY,
  oneOf,
  optionalDecimal,
  optionalText,
  partnerCode,
  QUANTITY,
  requiredDecimal,
  requiredText,
} from './import-fields.js';

/**
 * One row of each kind as the transport management system sends it (JSON or CSV). Field names are those of
 * the lists (packages/contract records.ts) plus the business-partner codes SAP needs and the source
 * system's own id, the key of the upsert. Money and quantities come out as exact decimal strings.
 */
export const IMPORT_KINDS = [
  'sales-invoices',
  'transporter-invoices',
  'cash-advances',
  'fuel-advances',
  'vas-transactions',
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const isImportKind = (value: string): value is ImportKind =>
  (IMPORT_KINDS as readonly string[]).includes(value);

/** How the audit log and the CLI name a kind: [one, many]. */
export const KIND_NOUNS: Record<ImportKind, readonly [string, string]> = {
  'sales-invoices': ['sales invoice', 'sales invoices'],
  'transporter-invoices': ['transporter invoice', 'transporter invoices'],
  'cash-advances': ['cash advance', 'cash advances'],
  'fuel-advances': ['fuel advance', 'fuel advances'],
  'vas-transactions': ['VAS transaction', 'VAS transactions'],
};

export const VAS_PRODUCT_TYPES = ['Fuel', 'Tyres', 'Lubricants', 'Tracking', 'Escort & Security'] as const;
export type VasProductType = (typeof VAS_PRODUCT_TYPES)[number];

const common = (timeZone: string) => ({
  sourceId: requiredText(100),
  documentDate: documentDate(timeZone),
});

const container = () => ({
  containerNumber: containerNumber(),
  containerSize: containerSize(),
  containerWeight: optionalText(40),
});

const salesInvoice = (timeZone: string) =>
  z.object({
    ...common(timeZone),
    clientName: requiredText(200),
    customerCode: partnerCode(),
    cargoRef: optionalText(100),
    clientRef: optionalText(100),
    tripNumber: requiredText(50),
    ...container(),
    truckNumber: optionalText(40),
    route: optionalText(200),
    amount: optionalDecimal(MONEY),
  });

const transporterInvoice = (timeZone: string) =>
  z.object({
    ...common(timeZone),
    transporterName: requiredText(200),
    transporterCode: partnerCode(),
    cargoReference: optionalText(100),
    clientRef: optionalText(100),
    tripNumber: requiredText(50),
    ...container(),
    truckNumber: optionalText(40),
    routeDetails: optionalText(200),
    invoiceAmount: optionalDecimal(MONEY),
  });

const cashAdvance = (timeZone: string) =>
  z.object({
    ...common(timeZone),
    tripNumber: requiredText(50),
    route: optionalText(200),
    transporterName: requiredText(200),
    transporterCode: partnerCode(),
    truckNumber: optionalText(40),
    amount: optionalDecimal(MONEY),
  });

const fuelAdvance = (timeZone: string) =>
  z.object({
    ...common(timeZone),
    tripNumber: requiredText(50),
    route: optionalText(200),
    transporterName: requiredText(200),
    transporterCode: partnerCode(),
    truckNumber: optionalText(40),
    orderNumber: optionalText(50),
    warehouse: optionalText(50),
    description: optionalText(200),
    originQuantity: requiredDecimal(QUANTITY),
    unitPrice: requiredDecimal(MONEY),
  });

const vasTransaction = (timeZone: string) =>
  z.object({
    ...common(timeZone),
    tripNumber: optionalText(50),
    transporterName: requiredText(200),
    transporterCode: partnerCode(),
    truckNumber: optionalText(40),
    orderNumber: optionalText(50),
    supplierName: requiredText(200),
    supplierCode: partnerCode(),
    warehouse: optionalText(50),
    description: optionalText(200),
    productType: oneOf(VAS_PRODUCT_TYPES),
    originQuantity: requiredDecimal(QUANTITY),
    buyingUnitPrice: requiredDecimal(MONEY),
    sellingUnitPrice: requiredDecimal(MONEY),
  });

const factories = {
  'sales-invoices': salesInvoice,
  'transporter-invoices': transporterInvoice,
  'cash-advances': cashAdvance,
  'fuel-advances': fuelAdvance,
  'vas-transactions': vasTransaction,
} satisfies Record<ImportKind, (timeZone: string) => z.ZodObject>;

export type ImportRowSchemas = { [K in ImportKind]: ReturnType<(typeof factories)[K]> };
/** A validated row of kind K, ready for the database (exact decimal strings, documentDate an instant). */
export type ImportRow<K extends ImportKind> = z.output<ImportRowSchemas[K]>;
/** What a sender writes for kind K (the JSON files of the demo generator have this shape). */
export type ImportRowInput<K extends ImportKind> = { [F in keyof ImportRow<K>]?: string | number | null };

const cache = new Map<string, ImportRowSchemas>();

/** The row schemas for one application time zone (a date-time without an offset is read in it). */
export function importRowSchemas(timeZone: string): ImportRowSchemas {
  let schemas = cache.get(timeZone);
  if (!schemas) {
    schemas = Object.fromEntries(
      IMPORT_KINDS.map((kind) => [kind, factories[kind](timeZone)]),
    ) as ImportRowSchemas;
    cache.set(timeZone, schemas);
  }
  return schemas;
}

/** The field names of a kind, in schema order (the CSV header the demo generator writes). */
export function importFieldsOf(kind: ImportKind): string[] {
  return Object.keys(importRowSchemas('UTC')[kind].shape);
}
