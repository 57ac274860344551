import type {
  BusinessPlace,
  CompanySettings,
  Currency,
  DistributionRule,
  VatGroup,
  YesNo,
} from './records.js';

/**
 * The Kenyan demo company's finance set-up: KES books, USD system currency, branches off (so a client that sends
 * no branch posts as before), East African currencies, Kenyan VAT groups, trucks / routes / departments as
 * distribution rules and three branches. Daily rates are computed (rates.ts), not stored.
 */
export const seedCompany = (): CompanySettings => ({
  CompanyName: 'Freight Finance Demo Kenya Ltd',
  Country: 'KE',
  LocalCurrency: 'KES',
  SystemCurrency: 'USD',
  EnableBranches: 'tNO',
});

const currency = (Code: string, Name: string, hundredth: string, english: string): Currency => ({
  Code,
  Name,
  DocumentsCode: Code,
  InternationalDescription: Code,
  HundredthName: hundredth,
  EnglishName: english,
  EnglishHundredthName: hundredth,
});

export const SEED_CURRENCIES: readonly Currency[] = [
  currency('EUR', 'Euro', 'Cent', 'Euro'),
  currency('KES', 'Kenya Shilling', 'Cent', 'Kenyan shilling'),
  currency('TZS', 'Tanzania Shilling', 'Cent', 'Tanzanian shilling'),
  currency('UGX', 'Uganda Shilling', 'Cent', 'Ugandan shilling'),
  currency('USD', 'US Dollar', 'Cent', 'US dollar'),
];

/** KES per 1 unit, around which the computed daily rates move (4 decimals). */
export const BASE_RATES: Readonly<Record<string, number>> = {
  USD: 129.25,
  EUR: 140.1,
  UGX: 0.035,
  TZS: 0.05,
};

const vatGroup = (
  Code: string,
  Name: string,
  Category: VatGroup['Category'],
  rate: number,
  Inactive: YesNo = 'tNO',
): VatGroup => ({
  Code,
  Name,
  Category,
  TaxAccount: Category === 'bovcOutputTax' ? '220100' : '130100',
  Inactive,
  VatGroups_Lines: [{ Effectivefrom: '2020-01-01', Rate: rate }],
});

export const SEED_VAT_GROUPS: readonly VatGroup[] = [
  vatGroup('O1', 'Output VAT 16%', 'bovcOutputTax', 16),
  vatGroup('O0', 'Output VAT 0% (zero-rated: transit, exports)', 'bovcOutputTax', 0),
  vatGroup('E', 'Exempt supplies', 'bovcOutputTax', 0),
  vatGroup('O2', 'Output VAT 14% (old rate)', 'bovcOutputTax', 14, 'tYES'),
  vatGroup('I1', 'Input VAT 16%', 'bovcInputTax', 16),
  vatGroup('I0', 'Input VAT 0%', 'bovcInputTax', 0),
];

const rule = (
  FactorCode: string,
  FactorDescription: string,
  InWhichDimension: number,
  Active: YesNo = 'tYES',
): DistributionRule => ({
  FactorCode,
  FactorDescription,
  TotalFactor: 100,
  Direct: 'Y',
  InWhichDimension,
  Active,
});

/** Dimension 1 trucks (plates, 8 characters at most), 2 routes, 3 departments. */
export const SEED_DISTRIBUTION_RULES: readonly DistributionRule[] = [
  rule('KCA123A', 'Truck KCA 123A', 1),
  rule('KCB456B', 'Truck KCB 456B', 1),
  rule('KCD789C', 'Truck KCD 789C', 1),
  rule('KBZ001Z', 'Truck KBZ 001Z (sold)', 1, 'tNO'),
  rule('MSA-NBO', 'Mombasa - Nairobi', 2),
  rule('NBO-KLA', 'Nairobi - Kampala', 2),
  rule('MSA-DAR', 'Mombasa - Dar es Salaam', 2),
  rule('OPS', 'Operations', 3),
  rule('ADMIN', 'Administration', 3),
  rule('SALES', 'Sales', 3),
];

const branch = (
  BPLID: number,
  BPLName: string,
  City: string,
  Country: string,
  flags: Partial<Pick<BusinessPlace, 'MainBPL' | 'Disabled'>> = {},
): BusinessPlace => ({
  BPLID,
  BPLName,
  VATRegNum: `P05${String(BPLID).padStart(7, '0')}K`,
  MainBPL: 'tNO',
  Disabled: 'tNO',
  City,
  Country,
  ...flags,
});

export const SEED_BUSINESS_PLACES: readonly BusinessPlace[] = [
  branch(1, 'Nairobi HQ', 'Nairobi', 'KE', { MainBPL: 'tYES' }),
  branch(2, 'Mombasa', 'Mombasa', 'KE'),
  branch(3, 'Kampala', 'Kampala', 'UG'),
  branch(4, 'Eldoret (closed)', 'Eldoret', 'KE', { Disabled: 'tYES' }),
];
