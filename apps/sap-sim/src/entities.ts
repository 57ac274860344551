/**
 * The one list of every entity set, type, property and enum value the simulator accepts or returns.
 * metadata-fidelity.test.ts proves each name exists in SAP's $metadata with the same type, so the simulator
 * cannot drift into accepting something the real Service Layer would reject.
 *
 * maxLength mirrors SAP's column sizes (the smaller of the 9.3 and 10.0 values where they differ), because
 * "value too long" is a classic integration failure that only shows up against a real company database.
 */
import {
  date,
  dbl,
  entityType,
  enumOf,
  int,
  lines,
  str,
  structuredType,
  ENUMS,
  type EntityTypeDef,
  type EnumName,
  type EnumValue,
  type StructuredTypeDef,
} from './entity-kit.js';
import { ADMIN_INFO, BUSINESS_PLACE, CURRENCY, DISTRIBUTION_RULE, VAT_GROUP } from './entities-finance.js';

export {
  ENUMS,
  type EdmType,
  type EntityTypeDef,
  type EnumName,
  type EnumValue,
  type PropertyDef,
  type StructuredTypeDef,
} from './entity-kit.js';

// Line_ID is accepted but renumbered, as SAP does.
export const JOURNAL_ENTRY_LINE: StructuredTypeDef = structuredType(
  'JournalEntryLine',
  {
    Line_ID: int,
    AccountCode: str(15),
    ShortName: str(15),
    Debit: dbl,
    Credit: dbl,
    DueDate: date,
    LineMemo: str(50),
    Reference1: str(100),
    Reference2: str(100),
    AdditionalReference: str(27),
    CostingCode: str(8),
    CostingCode2: str(8),
    CostingCode3: str(8),
    CostingCode4: str(8),
    CostingCode5: str(8),
    // A foreign-currency line: its amount in FCCurrency; Debit/Credit stay in local currency.
    FCCurrency: str(3),
    FCDebit: dbl,
    FCCredit: dbl,
    BPLID: int,
    BPLName: str(100),
  },
  ['BPLName'],
);

export const JOURNAL_ENTRY: EntityTypeDef = {
  ...entityType(
    'JournalEntry',
    'JdtNum',
    {
      JdtNum: int,
      Number: int,
      ReferenceDate: date,
      DueDate: date,
      TaxDate: date,
      Memo: str(50),
      Reference: str(100),
      Reference2: str(100),
      Reference3: str(27),
      OriginalJournal: enumOf('TransTypesEnum'),
      JournalEntryLines: lines,
    },
    ['JdtNum', 'Number', 'OriginalJournal'],
  ),
  lines: { property: 'JournalEntryLines', type: JOURNAL_ENTRY_LINE },
};

export const DOCUMENT_LINE: StructuredTypeDef = structuredType(
  'DocumentLine',
  {
    LineNum: int,
    ItemCode: str(50),
    ItemDescription: str(100),
    AccountCode: str(15),
    Quantity: dbl,
    Price: dbl,
    UnitPrice: dbl,
    // In a foreign-currency document: Price/UnitPrice and RowTotalFC are in the document currency (the line's
    // Currency), LineTotal is in local currency (INV1.LineTotal; INV1.TotalFrgn is RowTotalFC).
    Currency: str(3),
    Rate: dbl,
    LineTotal: dbl,
    RowTotalFC: dbl,
    WarehouseCode: str(8),
    CostingCode: str(8),
    CostingCode2: str(8),
    CostingCode3: str(8),
    CostingCode4: str(8),
    CostingCode5: str(8),
    VatGroup: str(8),
    // VAT of the line: TaxTotal in local currency (INV1.VatSum), NetTaxAmountFC in the document currency.
    TaxPercentagePerRow: dbl,
    TaxTotal: dbl,
    NetTaxAmountFC: dbl,
    GrossTotal: dbl,
    GrossTotalFC: dbl,
  },
  ['Rate', 'TaxPercentagePerRow', 'TaxTotal', 'NetTaxAmountFC', 'GrossTotal', 'GrossTotalFC'],
);

/** A/R Invoices and A/P PurchaseInvoices share SAP's `Document` type. */
export const DOCUMENT: EntityTypeDef = {
  ...entityType(
    'Document',
    'DocEntry',
    {
      DocEntry: int,
      DocNum: int,
      DocType: enumOf('BoDocumentTypes'),
      DocDate: date,
      DocDueDate: date,
      TaxDate: date,
      CardCode: str(15),
      CardName: str(100),
      NumAtCard: str(100),
      DocTotal: dbl,
      DocCurrency: str(3),
      DocRate: dbl,
      DocTotalFc: dbl,
      VatSum: dbl,
      VatSumFc: dbl,
      BPL_IDAssignedToInvoice: int,
      BPLName: str(100),
      Reference1: str(11),
      Reference2: str(11),
      Comments: str(254),
      JournalMemo: str(50),
      TransNum: int,
      DocumentStatus: enumOf('BoStatus'),
      Cancelled: enumOf('BoYesNoEnum'),
      // csNo on a document, csYes once cancelled, csCancellation on the document a Cancel adds.
      CancelStatus: enumOf('CancelStatusEnum'),
      DocumentLines: lines,
    },
    [
      'DocEntry',
      'DocNum',
      'CardName',
      'VatSum',
      'VatSumFc',
      'BPLName',
      'TransNum',
      'DocumentStatus',
      'Cancelled',
      'CancelStatus',
    ],
  ),
  lines: { property: 'DocumentLines', type: DOCUMENT_LINE },
};

// Master data is writable only through /__sim/accounts and /__sim/business-partners: the Service Layer
// routes serve it read-only.
export const CHART_OF_ACCOUNT: EntityTypeDef = entityType('ChartOfAccount', 'Code', {
  Code: str(15),
  Name: str(100),
  AccountType: enumOf('BoAccountTypes'),
  ActiveAccount: enumOf('BoYesNoEnum'),
  FrozenFor: enumOf('BoYesNoEnum'),
});

export const BUSINESS_PARTNER: EntityTypeDef = entityType('BusinessPartner', 'CardCode', {
  CardCode: str(15),
  CardName: str(100),
  CardType: enumOf('BoCardTypes'),
  Frozen: enumOf('BoYesNoEnum'),
  DebitorAccount: str(15),
  /** The partner's own output (customer) or input (supplier) VAT group; none when SAP has none set. */
  VatGroup: str(8),
});

export const ENTITY_SETS = {
  JournalEntries: JOURNAL_ENTRY,
  Invoices: DOCUMENT,
  PurchaseInvoices: DOCUMENT,
  ChartOfAccounts: CHART_OF_ACCOUNT,
  BusinessPartners: BUSINESS_PARTNER,
  Currencies: CURRENCY,
  VatGroups: VAT_GROUP,
  DistributionRules: DISTRIBUTION_RULE,
  BusinessPlaces: BUSINESS_PLACE,
} as const satisfies Record<string, EntityTypeDef>;

export type EntitySetName = keyof typeof ENTITY_SETS;

/** Bound actions the simulator implements, per entity set (FunctionImport `Cancel` binds to both types). */
export const BOUND_ACTIONS: Readonly<Record<EntitySetName, readonly string[]>> = {
  JournalEntries: ['Cancel'],
  Invoices: ['Cancel'],
  PurchaseInvoices: ['Cancel'],
  ChartOfAccounts: [],
  BusinessPartners: [],
  Currencies: [],
  VatGroups: [],
  DistributionRules: [],
  BusinessPlaces: [],
};

/**
 * ComplexType `FinancePeriod`, as `CompanyService_GetFinancePeriods` returns it (one per monthly posting
 * period). Only read here: the simulator offers no call that writes a period.
 */
export const FINANCE_PERIOD: StructuredTypeDef = {
  name: 'FinancePeriod',
  properties: {
    AbsoluteEntry: int,
    PeriodCode: str(),
    PeriodName: str(),
    PostingDateFrom: date,
    PostingDateTo: date,
    ValueDateFrom: date,
    ValueDateTo: date,
    TaxDateFrom: date,
    TaxDateTo: date,
    Locked: enumOf('BoYesNoEnum'),
    PeriodStatus: enumOf('PeriodStatusEnum'),
  },
  writable: [],
};

/** What a function import answers: a (collection of a) complex type, or one OData primitive value. */
export type FunctionReturn =
  { readonly collection: boolean; readonly type: StructuredTypeDef } | { readonly primitive: 'Edm.Double' };

/** Unbound functions the simulator implements (POST, session needed): parameters and return type. */
export const FUNCTION_IMPORTS = {
  CompanyService_GetFinancePeriods: {
    parameters: ['PeriodCategoryParams'],
    returns: { collection: true, type: FINANCE_PERIOD },
  },
  CompanyService_GetAdminInfo: { parameters: [], returns: { collection: false, type: ADMIN_INFO } },
  SBOBobService_GetCurrencyRate: { parameters: ['Currency', 'Date'], returns: { primitive: 'Edm.Double' } },
} as const satisfies Record<string, { parameters: readonly string[]; returns: FunctionReturn }>;

export type FunctionImportName = keyof typeof FUNCTION_IMPORTS;

export function isFunctionImport(name: string): name is FunctionImportName {
  return Object.hasOwn(FUNCTION_IMPORTS, name);
}

/** FunctionImport `Login` parameters and the `B1Session` entity it returns. */
export const LOGIN_PARAMETERS = ['CompanyDB', 'UserName', 'Password', 'Language'] as const;
export const B1_SESSION_PROPERTIES = ['SessionId', 'Version', 'SessionTimeout'] as const;
export const UNBOUND_ACTIONS = ['Login', 'Logout'] as const;

export function isEntitySet(name: string): name is EntitySetName {
  return Object.hasOwn(ENTITY_SETS, name);
}

export function isEnumMember<N extends EnumName>(name: N, value: unknown): value is EnumValue<N> {
  return typeof value === 'string' && (ENUMS[name] as readonly string[]).includes(value);
}
