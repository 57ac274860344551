import { PERMISSIONS, POSTING_MESSAGES } from './plain.js';
import type { KindDeclaration } from './kind-entry.js';
import {
  advanceSearch,
  advanceTrip,
  dates,
  fuelQuantities,
  postingState,
  postOf,
  transporterRow,
  transporterSearch,
  tripColumnNames,
  tripColumns,
} from './kind-fields.js';

/**
 * The record-kind registry, zod-free part: one entry per posting step (a transporter invoice has two steps,
 * first and second journal, on one row and one screen). Every layer loops over this table: the server's
 * routes, posting steps, imports, demo data and access cases, the web's navigation, routes and screens.
 * `record-kinds.ts` builds each entry's zod schemas from its field types and post rules; kind-lookups.ts holds
 * what layers ask of the registry (permissions, keys, screens). A new kind is one entry here
 * (docs/guides/add-a-record-kind.md).
 *
 * One internal name per kind (the keys below); the wire names (API path, idempotency key code, stored kind)
 * are mapped here, once. docs/architecture.md has the table. An entry's shape is in kind-entry.ts; the field
 * groups several entries share are in kind-fields.ts.
 */

export type { KindDeclaration, PostFieldRule, RecordKindEntry, RowFieldType } from './kind-entry.js';

const KIND_DECLARATIONS = {
  salesInvoice: {
    name: 'salesInvoice',
    code: 'SI',
    apiName: 'journalSaleInvoice',
    apiPath: '/api/v1/journalSaleInvoice',
    screen: { path: '/invoices/sales', navLabel: 'Sales Invoices' },
    permissions: { view: PERMISSIONS.viewSalesInvoices, post: PERMISSIONS.postSalesInvoices },
    noun: { one: 'sales invoice', many: 'sales invoices' },
    messages: POSTING_MESSAGES.sales,
    queued: false,
    sap: { entity: 'Invoices', referenceField: 'Reference2' },
    keyPrefix: 'FFSI',
    rowTypes: {
      id: 'id',
      clientName: 'text',
      cargoRef: 'text?',
      clientRef: 'text?',
      ...tripColumns,
      route: 'text?',
      ...dates,
      amount: 'decimal?',
      vatGroup: 'text?',
      ...postingState,
    },
    amountField: 'amount',
    searchFields: ['clientName', 'cargoRef', 'clientRef', ...tripColumnNames, 'route', 'amount'],
    post: postOf('saleInvoice', { postingDate: 'postingDate' }),
  },
  firstJournal: {
    name: 'firstJournal',
    code: 'FJ',
    apiName: 'firstJournalTransporterInvoice',
    apiPath: '/api/v1/firstJournalTransporterInvoice',
    screen: { path: '/invoices/transporter', navLabel: 'Transporter Invoices', tab: 'Post First JE' },
    permissions: { view: PERMISSIONS.viewTransporterInvoices, post: PERMISSIONS.postTransporterInvoices },
    noun: { one: 'first journal transporter invoice', many: 'first journal transporter invoices' },
    messages: POSTING_MESSAGES.firstJournal,
    queued: false,
    sap: { entity: 'JournalEntries', referenceField: 'Reference3' },
    keyPrefix: 'FF-FJ-',
    rowTypes: transporterRow,
    amountField: 'invoiceAmount',
    // The supplier invoice number is typed on this tab, so it is not searched here (it is on the second).
    searchFields: [...transporterSearch, 'invoiceAmount'],
    post: postOf('transporterInvoice', {
      postingDate: 'postingDate',
      supplierInvoiceNumber: 'requiredText',
      allowDuplicateSupplierInvoice: 'optionalFlag',
    }),
  },
  secondJournal: {
    name: 'secondJournal',
    code: 'SJ',
    apiName: 'secondJournalTransporterInvoice',
    apiPath: '/api/v1/secondJournalTransporterInvoice',
    screen: { path: '/invoices/transporter', navLabel: 'Transporter Invoices', tab: 'Post Second JE' },
    permissions: { view: PERMISSIONS.viewTransporterInvoices, post: PERMISSIONS.postTransporterInvoices },
    noun: { one: 'second journal transporter invoice', many: 'second journal transporter invoices' },
    messages: POSTING_MESSAGES.secondJournal,
    queued: false,
    requires: 'firstJournal',
    sap: { entity: 'JournalEntries', referenceField: 'Reference3' },
    keyPrefix: 'FF-SJ-',
    rowTypes: { ...transporterRow, firstJournalPostedAt: 'instant', firstJournalPostingDate: 'text?' },
    amountField: 'invoiceAmount',
    searchFields: [...transporterSearch, 'supplierInvoiceNumber', 'invoiceAmount'],
    post: postOf('transporterInvoice', { postingDate: 'postingDate' }),
  },
  cashAdvance: {
    name: 'cashAdvance',
    code: 'CA',
    apiName: 'journalCashAdvance',
    apiPath: '/api/v1/journalCashAdvance',
    screen: { path: '/advance/cash', navLabel: 'Cash Advance' },
    permissions: { view: PERMISSIONS.viewCashAdvances, post: PERMISSIONS.postCashAdvances },
    noun: { one: 'cash advance record', many: 'cash advance records' },
    messages: POSTING_MESSAGES.cash,
    queued: false,
    sap: { entity: 'JournalEntries', referenceField: 'Reference3' },
    keyPrefix: 'FF-CA-',
    rowTypes: { ...advanceTrip, amount: 'decimal?', ...dates, onAccountId: 'int?', ...postingState },
    amountField: 'amount',
    searchFields: [...advanceSearch, 'amount'],
    post: postOf('cashAdvanceId', { sapAccount: 'ledgerId', postingDate: 'postingDate' }),
  },
  fuelAdvance: {
    name: 'fuelAdvance',
    code: 'FA',
    apiName: 'journalFuelAdvance',
    apiPath: '/api/v1/journalFuelAdvance',
    screen: { path: '/advance/fuel', navLabel: 'Fuel Advance' },
    permissions: { view: PERMISSIONS.viewFuelAdvances, post: PERMISSIONS.postFuelAdvances },
    noun: { one: 'fuel advance record', many: 'fuel advance records' },
    messages: POSTING_MESSAGES.fuel,
    queued: false,
    sap: { entity: 'JournalEntries', referenceField: 'Reference3' },
    keyPrefix: 'FF-FA-',
    rowTypes: {
      ...advanceTrip,
      orderNumber: 'text?',
      ...fuelQuantities,
      unitPrice: 'decimal',
      totalAmount: 'decimal?',
      ...dates,
      onAccountId: 'int?',
      pickupOrderNo: 'text?',
      ...postingState,
    },
    amountField: 'totalAmount',
    searchFields: [
      ...advanceSearch,
      'orderNumber',
      'warehouse',
      'description',
      'originQuantity',
      'unitPrice',
    ],
    post: postOf('fuelAdvanceId', {
      sapAccount: 'ledgerId',
      collectedQuantity: 'quantity',
      postingDate: 'postingDate',
      orderNumber: 'requiredText',
    }),
  },
  vasTransaction: {
    name: 'vasTransaction',
    code: 'VAS',
    apiName: 'journalVasTransaction',
    apiPath: '/api/v1/journalVasTransaction',
    screen: { path: '/vas/transactions', navLabel: 'VAS Transactions' },
    permissions: { view: PERMISSIONS.viewVasTransactions, post: PERMISSIONS.postVasTransactions },
    noun: { one: 'VAS transaction', many: 'VAS transactions' },
    messages: POSTING_MESSAGES.vas,
    queued: true,
    sap: { entity: 'JournalEntries', referenceField: 'Reference3' },
    keyPrefix: 'FF-VAS-',
    rowTypes: {
      id: 'id',
      tripNumber: 'text?',
      transporterName: 'text',
      truckNumber: 'text?',
      orderNumber: 'text?',
      supplierName: 'text',
      ...fuelQuantities,
      buyingUnitPrice: 'decimal',
      sellingUnitPrice: 'decimal',
      totalAmount: 'decimal?',
      profitMargin: 'decimal?',
      productType: 'text',
      revenueAccountId: 'int?',
      costAccountId: 'int?',
      ...dates,
      pickupOrderNo: 'text?',
      ...postingState,
    },
    amountField: 'totalAmount',
    searchFields: [
      'tripNumber',
      'transporterName',
      'truckNumber',
      'orderNumber',
      'supplierName',
      'warehouse',
      'description',
      'originQuantity',
      'buyingUnitPrice',
      'sellingUnitPrice',
    ],
    post: postOf('vasTransactionId', {
      sapAccountRevenue: 'ledgerId',
      sapAccountCost: 'ledgerId',
      collectedQuantity: 'quantity',
      productType: 'optionalText',
      postingDate: 'postingDate',
      orderNumber: 'requiredText',
    }),
  },
} as const satisfies Record<string, KindDeclaration>;

type Declarations = typeof KIND_DECLARATIONS;
export type RecordKindName = keyof Declarations;

/** A registry entry: its declaration plus its row's field names in order. */
type EntryOf<D extends KindDeclaration> = D & {
  readonly rowFields: readonly (keyof D['rowTypes'] & string)[];
};

/** The registry: each declaration with its row's field names in order (`rowFields`). */
export const RECORD_KINDS_PLAIN = Object.fromEntries(
  Object.entries(KIND_DECLARATIONS).map(([name, entry]) => [
    name,
    { ...entry, rowFields: Object.keys(entry.rowTypes) },
  ]),
) as unknown as { [K in RecordKindName]: EntryOf<Declarations[K]> };

export type RecordKindCode = (typeof RECORD_KINDS_PLAIN)[RecordKindName]['code'];
/** Every kind, in the spec's order (navigation, dashboard, tests). */
export const RECORD_KIND_NAMES = Object.keys(RECORD_KINDS_PLAIN) as RecordKindName[];
/** Every stored kind code, in the registry's order (the posting log's `kind` column takes exactly these). */
export const RECORD_KIND_CODES = RECORD_KIND_NAMES.map((name) => RECORD_KINDS_PLAIN[name].code) as [
  RecordKindCode,
  ...RecordKindCode[],
];
