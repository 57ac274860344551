import type { Account } from './records.js';

/**
 * Realistic filler for a Kenyan haulage company's chart of accounts, so ChartOfAccounts has several pages
 * (260+ accounts) and a client that forgets to follow nextLink sees only the first 20. None of these codes
 * collides with the named accounts in seed.ts; the seed test checks that.
 */
type Kind = Account['AccountType'];

const make = (Code: string, Name: string, AccountType: Kind): Account => ({
  Code,
  Name,
  AccountType,
  ActiveAccount: 'tYES',
  FrozenFor: 'tNO',
});

const pad = (n: number): string => String(n).padStart(2, '0');

const BANKS = [
  'KCB Bank',
  'Equity Bank',
  'NCBA Bank',
  'Standard Chartered Kenya',
  'Absa Bank Kenya',
  'Stanbic Bank Kenya',
  'Co-operative Bank',
  'I&M Bank',
  'Diamond Trust Bank',
  'Family Bank',
];
const BANK_ACCOUNT_KINDS = ['KES Current', 'USD Current', 'KES Call Deposit'];

const bankAccounts = BANKS.flatMap((bank, b) =>
  BANK_ACCOUNT_KINDS.map((kind, k) => make(`111${pad(b + 1)}${k + 1}`, `${bank} - ${kind}`, 'at_Other')),
);

const FIXED_ASSETS = [
  'Prime Movers',
  'Trailers - Flatbed',
  'Trailers - Skeletal',
  'Fuel Tankers',
  'Reach Stackers & Forklifts',
  'Light Motor Vehicles',
  'Computer Equipment',
  'Office Equipment',
  'Furniture & Fittings',
  'Buildings - Mombasa Yard',
  'GPS & Telematics Units',
  'Workshop Tools',
];

const fixedAssets = FIXED_ASSETS.flatMap((asset, i) => [
  make(`130${pad(i + 1)}0`, `${asset} - Cost`, 'at_Other'),
  make(`131${pad(i + 1)}0`, `${asset} - Accumulated Depreciation`, 'at_Other'),
]);

const DEPOTS = [
  'Nairobi HQ',
  'Mombasa Port',
  'Malaba Border',
  'Busia Border',
  'Kisumu Depot',
  'Eldoret Depot',
];
const OVERHEADS = [
  'Salaries & Wages',
  'Casual Labour',
  'Staff Medical',
  'Staff Training',
  'Rent & Rates',
  'Electricity',
  'Water',
  'Telephone & Internet',
  'Security Services',
  'Cleaning Services',
  'Repairs - Prime Movers',
  'Repairs - Trailers',
  'Tyres Consumed',
  'Fuel - Own Fleet',
  'Lubricants - Own Fleet',
  'Motor Vehicle Insurance',
  'Licences & Permits',
  'Printing & Stationery',
  'Travel & Accommodation',
  'Depreciation',
];

// Expense sub-ledgers per depot: 6 + category (10..29) + depot (01..06) + 0.
const depotExpenses = OVERHEADS.flatMap((category, c) =>
  DEPOTS.map((depot, d) => make(`6${c + 10}${pad(d + 1)}0`, `${category} - ${depot}`, 'at_Expenses')),
);

const listed: Array<[string, string, Kind]> = [
  ['110105', 'Petty Cash - Kisumu Depot', 'at_Other'],
  ['110106', 'Petty Cash - Namanga Border', 'at_Other'],
  ['110107', 'Petty Cash - Taveta Border', 'at_Other'],
  ['112100', 'M-Pesa Paybill Collections', 'at_Other'],
  ['112200', 'M-Pesa Till - Mombasa Yard', 'at_Other'],
  ['112300', 'Airtel Money Float', 'at_Other'],
  ['120100', 'Trade Debtors Control', 'at_Other'],
  ['120200', 'Staff Advances', 'at_Other'],
  ['120300', 'Driver Trip Advances', 'at_Other'],
  ['120400', 'Transporter Fuel Advances', 'at_Other'],
  ['120500', 'Other Debtors', 'at_Other'],
  ['120600', 'Prepayments', 'at_Other'],
  ['120700', 'Deposits Paid - Kenya Ports Authority', 'at_Other'],
  ['120800', 'Deposits Paid - Shipping Lines', 'at_Other'],
  ['120900', 'Withholding Tax Recoverable', 'at_Other'],
  ['121000', 'VAT Input', 'at_Other'],
  ['121100', 'Unbilled Freight Revenue', 'at_Other'],
  ['210100', 'Trade Creditors Control', 'at_Other'],
  ['210300', 'Accrued Expenses', 'at_Other'],
  ['210400', 'Accrued Fuel Costs', 'at_Other'],
  ['210500', 'Customer Deposits', 'at_Other'],
  ['210600', 'Unearned Freight Revenue', 'at_Other'],
  ['220100', 'VAT Output', 'at_Other'],
  ['220200', 'PAYE Payable', 'at_Other'],
  ['220300', 'NSSF Payable', 'at_Other'],
  ['220400', 'SHIF Payable', 'at_Other'],
  ['220500', 'Housing Levy Payable', 'at_Other'],
  ['220600', 'Withholding Tax Payable', 'at_Other'],
  ['220700', 'Withholding VAT Payable', 'at_Other'],
  ['220800', 'Corporation Tax Payable', 'at_Other'],
  ['220900', 'HELB Deductions Payable', 'at_Other'],
  ['221000', 'Staff Sacco Deductions', 'at_Other'],
  ['230100', 'Asset Finance - NCBA', 'at_Other'],
  ['230200', 'Asset Finance - Stanbic', 'at_Other'],
  ['230300', 'Term Loan - KCB', 'at_Other'],
  ['230400', "Directors' Loan", 'at_Other'],
  ['240100', 'Salaries Payable', 'at_Other'],
  ['240200', 'Driver Allowances Payable', 'at_Other'],
  ['310100', 'Share Capital', 'at_Other'],
  ['320100', 'Retained Earnings', 'at_Other'],
  ['330100', 'Revaluation Reserve', 'at_Other'],
  ['340100', 'Current Year Earnings', 'at_Other'],
  ['400200', 'Freight Revenue - Mombasa-Nairobi', 'at_Revenues'],
  ['400300', 'Freight Revenue - Mombasa-Kampala', 'at_Revenues'],
  ['400400', 'Freight Revenue - Mombasa-Kigali', 'at_Revenues'],
  ['400500', 'Freight Revenue - Mombasa-Juba', 'at_Revenues'],
  ['400600', 'Freight Revenue - Mombasa-Bujumbura', 'at_Revenues'],
  ['400700', 'Freight Revenue - Nairobi-Kisumu', 'at_Revenues'],
  ['400800', 'Freight Revenue - Mombasa-Goma', 'at_Revenues'],
  ['400900', 'Freight Revenue - Local Deliveries', 'at_Revenues'],
  ['420100', 'Demurrage Income', 'at_Revenues'],
  ['420200', 'Container Detention Income', 'at_Revenues'],
  ['420300', 'Storage Income', 'at_Revenues'],
  ['420400', 'Clearing & Forwarding Fees', 'at_Revenues'],
  ['420500', 'Container Handling Income', 'at_Revenues'],
  ['430100', 'Interest Income', 'at_Revenues'],
  ['430200', 'Foreign Exchange Gains', 'at_Revenues'],
  ['430300', 'Gain on Disposal of Assets', 'at_Revenues'],
  ['430400', 'Sundry Income', 'at_Revenues'],
  ['500200', 'Subcontracted Haulage', 'at_Expenses'],
  ['500300', 'Border Clearing Charges', 'at_Expenses'],
  ['500400', 'Road Tolls & Weighbridge Fees', 'at_Expenses'],
  ['500500', 'Port Charges - Kenya Ports Authority', 'at_Expenses'],
  ['500600', 'Container Deposits Forfeited', 'at_Expenses'],
  ['500700', 'Cargo Insurance', 'at_Expenses'],
  ['500800', 'Driver Trip Allowances', 'at_Expenses'],
  ['500900', 'Police Escort Fees', 'at_Expenses'],
  ['700100', 'Audit Fees', 'at_Expenses'],
  ['700200', 'Legal Fees', 'at_Expenses'],
  ['700300', 'Bank Charges', 'at_Expenses'],
  ['700400', 'Interest on Asset Finance', 'at_Expenses'],
  ['700500', 'Foreign Exchange Losses', 'at_Expenses'],
  ['700600', 'Bad Debts Written Off', 'at_Expenses'],
  ['700700', 'Donations', 'at_Expenses'],
  ['700800', 'Advertising', 'at_Expenses'],
  ['700900', 'Subscriptions', 'at_Expenses'],
  ['701000', "Directors' Fees", 'at_Expenses'],
  ['701100', 'Consultancy Fees', 'at_Expenses'],
  ['701200', 'Software Licences', 'at_Expenses'],
];

export const FILLER_ACCOUNTS: readonly Account[] = [
  ...listed.map(([code, name, kind]) => make(code, name, kind)),
  ...bankAccounts,
  ...fixedAssets,
  ...depotExpenses,
];
