import type { Account, BusinessPartner } from './records.js';
import { FILLER_ACCOUNTS } from './seed-filler.js';

/**
 * The demo company: the accounts and partners our posting rules and demo data name (apps/server's defaults
 * must match these; a consistency test there reads these exports), plus filler so lists page like a real
 * chart of accounts.
 */
export const COMPANY_DB = 'SBODEMO_KE';
/** The only login the simulator accepts unless options or SIM_* variables say otherwise. */
export const DEFAULT_CREDENTIALS = {
  companyDb: COMPANY_DB,
  username: 'manager',
  password: 'B1Admin!',
} as const;
export const CUSTOMER_CONTROL_ACCOUNT = '120100';
export const SUPPLIER_CONTROL_ACCOUNT = '210100';

const account = (
  Code: string,
  Name: string,
  AccountType: Account['AccountType'],
  flags: Partial<Pick<Account, 'ActiveAccount' | 'FrozenFor'>> = {},
): Account => ({ Code, Name, AccountType, ActiveAccount: 'tYES', FrozenFor: 'tNO', ...flags });

/** The accounts the product posts to (docs/design/architecture.md section 6, "Mapping": the server's default accounts match these). */
export const SEED_ACCOUNTS: readonly Account[] = [
  account('110101', 'Petty Cash - Nairobi HQ', 'at_Other'),
  account('110102', 'Petty Cash - Mombasa Port', 'at_Other'),
  account('110103', 'Petty Cash - Malaba Border', 'at_Other'),
  account('110104', 'Petty Cash - Busia Border', 'at_Other'),
  account('110199', 'Petty Cash - Eldoret', 'at_Other', { ActiveAccount: 'tNO' }),
  account('400100', 'Freight Revenue', 'at_Revenues'),
  account('410100', 'VAS Revenue - Fuel', 'at_Revenues'),
  account('410200', 'VAS Revenue - Tyres', 'at_Revenues'),
  account('410300', 'VAS Revenue - Lubricants', 'at_Revenues'),
  account('410400', 'VAS Revenue - Tracking', 'at_Revenues'),
  account('410500', 'VAS Revenue - Escort & Security', 'at_Revenues'),
  account('510100', 'VAS Cost - Fuel', 'at_Expenses'),
  account('510200', 'VAS Cost - Tyres', 'at_Expenses'),
  account('510300', 'VAS Cost - Lubricants', 'at_Expenses'),
  account('510400', 'VAS Cost - Tracking', 'at_Expenses'),
  account('510500', 'VAS Cost - Escort & Security', 'at_Expenses'),
  account('500100', 'Transport Cost', 'at_Expenses'),
  account('210200', 'Accrued Transporter Costs', 'at_Other'),
  account('520900', 'Old Haulage Cost', 'at_Expenses', { FrozenFor: 'tYES' }),
];

/** Partners frozen in SAP: posting to them is refused, and the demo data never names them. */
const FROZEN_PARTNERS: readonly string[] = ['C10099', 'T20099'];

const partner = (
  CardCode: string,
  CardName: string,
  CardType: BusinessPartner['CardType'],
): BusinessPartner => ({
  CardCode,
  CardName,
  CardType,
  Frozen: FROZEN_PARTNERS.includes(CardCode) ? 'tYES' : 'tNO',
  DebitorAccount: CardType === 'cCustomer' ? CUSTOMER_CONTROL_ACCOUNT : SUPPLIER_CONTROL_ACCOUNT,
});

/**
 * Every seeded business partner, in one table: customers (C1xxxx), transporters (T2xxxx) and the other
 * suppliers (S3xxxx). The three lists below are cut from it by code.
 */
export const SEED_BUSINESS_PARTNERS: readonly BusinessPartner[] = [
  partner('C10001', 'Bidco Africa Ltd', 'cCustomer'),
  partner('C10002', 'Bamburi Cement PLC', 'cCustomer'),
  partner('C10003', 'East African Breweries Ltd', 'cCustomer'),
  partner('C10004', 'Kenya Tea Development Agency', 'cCustomer'),
  partner('C10005', 'Mumias Sugar Company', 'cCustomer'),
  partner('C10006', 'Unilever Kenya Ltd', 'cCustomer'),
  partner('C10007', 'Kapa Oil Refineries', 'cCustomer'),
  partner('C10008', 'Pwani Oil Products', 'cCustomer'),
  partner('C10009', 'Brookside Dairy Ltd', 'cCustomer'),
  partner('C10010', 'Kenya Power & Lighting Co', 'cCustomer'),
  partner('C10099', 'Frozen Trading Ltd', 'cCustomer'),
  partner('T20001', 'Siginon Freight Ltd', 'cSupplier'),
  partner('T20002', 'Multiple Hauliers EA', 'cSupplier'),
  partner('T20003', 'Bollore Transport Kenya', 'cSupplier'),
  partner('T20004', 'Transami Kenya', 'cSupplier'),
  partner('T20005', 'Awanad Enterprises', 'cSupplier'),
  partner('T20006', 'Crown Motors Haulage', 'cSupplier'),
  partner('T20007', 'Mombasa Lorry Transporters', 'cSupplier'),
  partner('T20008', 'Kisumu Road Carriers', 'cSupplier'),
  partner('T20099', 'Dormant Haulage Ltd', 'cSupplier'),
  partner('S30001', 'Vivo Energy Kenya', 'cSupplier'),
  partner('S30002', 'Rubis Energy Kenya', 'cSupplier'),
  partner('S30003', 'TotalEnergies Marketing Kenya', 'cSupplier'),
  partner('S30004', 'Bridgestone East Africa', 'cSupplier'),
  partner('S30005', 'Tyre Masters Ltd', 'cSupplier'),
  partner('S30006', 'Oryx Lubricants', 'cSupplier'),
  partner('S30007', 'Cartrack Kenya', 'cSupplier'),
  partner('S30008', 'Securex Escorts Ltd', 'cSupplier'),
];

const partnersCoded = (prefix: string) => SEED_BUSINESS_PARTNERS.filter((p) => p.CardCode.startsWith(prefix));

export const SEED_CUSTOMERS: readonly BusinessPartner[] = partnersCoded('C');
export const SEED_TRANSPORTERS: readonly BusinessPartner[] = partnersCoded('T');
export const SEED_SUPPLIERS: readonly BusinessPartner[] = partnersCoded('S');

/** Every seeded account: the named ones first, then the filler, in code order as SAP lists them. */
export function seedAccounts(): Account[] {
  return [...SEED_ACCOUNTS, ...FILLER_ACCOUNTS]
    .map((a) => ({ ...a }))
    .sort((a, b) => a.Code.localeCompare(b.Code));
}

export function seedBusinessPartners(): BusinessPartner[] {
  return SEED_BUSINESS_PARTNERS.map((p) => ({ ...p }));
}

/** Monthly posting periods, all open at start; `yyyy-MM` keys. */
export const POSTING_PERIODS = { first: '2020-01', last: '2030-12' } as const;

export function seedPostingPeriods(): string[] {
  const periods: string[] = [];
  const [firstYear, lastYear] = [
    Number(POSTING_PERIODS.first.slice(0, 4)),
    Number(POSTING_PERIODS.last.slice(0, 4)),
  ];
  for (let year = firstYear; year <= lastYear; year++) {
    for (let month = 1; month <= 12; month++) periods.push(`${year}-${String(month).padStart(2, '0')}`);
  }
  return periods;
}
