import {
  date,
  dbl,
  entityType,
  enumOf,
  int,
  lines,
  str,
  structuredType,
  type EntityTypeDef,
  type StructuredTypeDef,
} from './entity-kit.js';

/**
 * The company's finance set-up as the Service Layer serves it: currencies (OCRN), VAT groups (OVTG), distribution
 * rules (OOCR) and branches (OBPL, "business places"), plus the AdminInfo that CompanyService_GetAdminInfo answers.
 * All read-only on /b1s; tests change them through /__sim controls, which accept the same properties.
 */
export const CURRENCY: EntityTypeDef = entityType('Currency', 'Code', {
  Code: str(3),
  Name: str(20),
  DocumentsCode: str(3),
  InternationalDescription: str(),
  HundredthName: str(),
  EnglishName: str(),
  EnglishHundredthName: str(),
});

/** One rate of a VAT group, valid from `Effectivefrom` until the next line's date. */
export const VAT_GROUP_LINE: StructuredTypeDef = structuredType('VatGroups_Line', {
  Effectivefrom: date,
  Rate: dbl,
});

export const VAT_GROUP: EntityTypeDef = {
  ...entityType('VatGroup', 'Code', {
    Code: str(8),
    Name: str(50),
    Category: enumOf('BoVatCategoryEnum'),
    TaxAccount: str(15),
    Inactive: enumOf('BoYesNoEnum'),
    VatGroups_Lines: lines,
  }),
  lines: { property: 'VatGroups_Lines', type: VAT_GROUP_LINE },
};

// OOCR.OcrCode is 8 characters and OcrName 30 (SDK table reference); DimCode 1..5 is the dimension.
export const DISTRIBUTION_RULE: EntityTypeDef = entityType('DistributionRule', 'FactorCode', {
  FactorCode: str(8),
  FactorDescription: str(30),
  TotalFactor: dbl,
  Direct: str(1),
  InWhichDimension: int,
  Active: enumOf('BoYesNoEnum'),
});

// BPLID is SAP's own number (Writable="false" in $metadata): controls name it, the Service Layer never takes it.
export const BUSINESS_PLACE: EntityTypeDef = entityType(
  'BusinessPlace',
  'BPLID',
  {
    BPLID: int,
    BPLName: str(100),
    VATRegNum: str(32),
    MainBPL: enumOf('BoYesNoEnum'),
    Disabled: enumOf('BoYesNoEnum'),
    City: str(100),
    Country: str(3),
  },
  ['BPLID'],
);

/** ComplexType `AdminInfo` (OADM), the part CompanyService_GetAdminInfo answers. */
export const ADMIN_INFO: StructuredTypeDef = {
  name: 'AdminInfo',
  properties: {
    CompanyName: str(),
    Country: str(),
    LocalCurrency: str(),
    SystemCurrency: str(),
    // tYES: rates are quoted directly, local currency per 1 unit of the foreign one (KES per USD).
    DirectIndirectRate: enumOf('BoYesNoEnum'),
    // OADM.MltpBrnchs: the company uses branches, so documents and journal lines must name one.
    EnableBranches: enumOf('BoYesNoEnum'),
  },
  writable: [],
};
