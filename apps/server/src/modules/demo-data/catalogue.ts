import type { VasProductType } from '../records/kinds/vas-transaction/import.js';

/**
 * The demo company's world. The business partners are exactly those of the SAP simulator's seed
 * (apps/sap-sim/src/seed.ts), so demo records post without master-data errors.
 */
export type Partner = { code: string; name: string };

export const CUSTOMERS: readonly (Partner & { short: string })[] = [
  { code: 'C10001', name: 'Bidco Africa Ltd', short: 'BIDCO' },
  { code: 'C10002', name: 'Bamburi Cement PLC', short: 'BAMBURI' },
  { code: 'C10003', name: 'East African Breweries Ltd', short: 'EABL' },
  { code: 'C10004', name: 'Kenya Tea Development Agency', short: 'KTDA' },
  { code: 'C10005', name: 'Mumias Sugar Company', short: 'MUMIAS' },
  { code: 'C10006', name: 'Unilever Kenya Ltd', short: 'UNILEVER' },
  { code: 'C10007', name: 'Kapa Oil Refineries', short: 'KAPA' },
  { code: 'C10008', name: 'Pwani Oil Products', short: 'PWANI' },
  { code: 'C10009', name: 'Brookside Dairy Ltd', short: 'BROOKSIDE' },
  { code: 'C10010', name: 'Kenya Power & Lighting Co', short: 'KPLC' },
];

export const TRANSPORTERS: readonly Partner[] = [
  { code: 'T20001', name: 'Siginon Freight Ltd' },
  { code: 'T20002', name: 'Multiple Hauliers EA' },
  { code: 'T20003', name: 'Bollore Transport Kenya' },
  { code: 'T20004', name: 'Transami Kenya' },
  { code: 'T20005', name: 'Awanad Enterprises' },
  { code: 'T20006', name: 'Crown Motors Haulage' },
  { code: 'T20007', name: 'Mombasa Lorry Transporters' },
  { code: 'T20008', name: 'Kisumu Road Carriers' },
];

export const SUPPLIERS: readonly Partner[] = [
  { code: 'S30001', name: 'Vivo Energy Kenya' },
  { code: 'S30002', name: 'Rubis Energy Kenya' },
  { code: 'S30003', name: 'TotalEnergies Marketing Kenya' },
  { code: 'S30004', name: 'Bridgestone East Africa' },
  { code: 'S30005', name: 'Tyre Masters Ltd' },
  { code: 'S30006', name: 'Oryx Lubricants' },
  { code: 'S30007', name: 'Cartrack Kenya' },
  { code: 'S30008', name: 'Securex Escorts Ltd' },
];

const supplier = (code: string) => SUPPLIERS.find((s) => s.code === code)!;

/**
 * What each VAS product costs and how it sells: quantity range, buying unit price range in cents, the
 * usual mark-up in basis points, and who supplies it.
 */
export type VasProduct = {
  type: VasProductType;
  weight: number;
  suppliers: readonly Partner[];
  descriptions: readonly string[];
  quantity: readonly [number, number];
  buyingCents: readonly [number, number];
  markupBasisPoints: readonly [number, number];
  tripBound: number;
};

export const VAS_PRODUCTS: readonly VasProduct[] = [
  {
    type: 'Fuel',
    weight: 35,
    suppliers: [supplier('S30001'), supplier('S30002'), supplier('S30003')],
    descriptions: ['Diesel (AGO)', 'Diesel (AGO) top-up at border'],
    quantity: [100, 400],
    buyingCents: [165_00, 185_00],
    markupBasisPoints: [300, 800],
    tripBound: 1,
  },
  {
    type: 'Tyres',
    weight: 20,
    suppliers: [supplier('S30004'), supplier('S30005')],
    descriptions: ['Tyre 315/80 R22.5', 'Tyre 12R22.5 drive', 'Tyre 385/65 R22.5 trailer'],
    quantity: [1, 12],
    buyingCents: [28_000_00, 45_000_00],
    markupBasisPoints: [500, 1500],
    tripBound: 1,
  },
  {
    type: 'Lubricants',
    weight: 20,
    suppliers: [supplier('S30006')],
    descriptions: ['Engine oil 15W-40', 'Gear oil 80W-90', 'Hydraulic oil ISO 68'],
    quantity: [5, 40],
    buyingCents: [420_00, 780_00],
    markupBasisPoints: [800, 2000],
    tripBound: 1,
  },
  {
    type: 'Tracking',
    weight: 15,
    suppliers: [supplier('S30007')],
    descriptions: ['GPS tracking - monthly subscription', 'Cargo seal tracking (ECTS)'],
    quantity: [1, 3],
    buyingCents: [2_500_00, 4_000_00],
    markupBasisPoints: [1000, 2500],
    tripBound: 0.5,
  },
  {
    type: 'Escort & Security',
    weight: 10,
    suppliers: [supplier('S30008')],
    descriptions: [
      'Armed escort - Malaba border',
      'Armed escort - Busia border',
      'Convoy security - Northern Corridor',
    ],
    quantity: [1, 4],
    buyingCents: [15_000_00, 35_000_00],
    markupBasisPoints: [500, 1500],
    tripBound: 1,
  },
];

/** Northern Corridor routes with road distance (km) and how often the demo company runs them. */
/** A Northern Corridor route; `transit`: it ends beyond Kenya (Uganda, Rwanda), transit cargo billed in USD. */
export type Route = { name: string; origin: string; km: number; weight: number; transit?: true };

export const ROUTES: readonly Route[] = [
  { name: 'Mombasa - Nairobi', origin: 'Mombasa', km: 485, weight: 30 },
  { name: 'Mombasa - Naivasha', origin: 'Mombasa', km: 575, weight: 5 },
  { name: 'Mombasa - Nakuru', origin: 'Mombasa', km: 645, weight: 8 },
  { name: 'Mombasa - Eldoret', origin: 'Mombasa', km: 800, weight: 7 },
  { name: 'Mombasa - Kisumu', origin: 'Mombasa', km: 830, weight: 7 },
  { name: 'Mombasa - Malaba', origin: 'Mombasa', km: 935, weight: 4 },
  { name: 'Mombasa - Busia', origin: 'Mombasa', km: 945, weight: 3 },
  { name: 'Mombasa - Kampala via Malaba', origin: 'Mombasa', km: 1150, weight: 12, transit: true },
  { name: 'Mombasa - Kampala via Busia', origin: 'Mombasa', km: 1170, weight: 6, transit: true },
  { name: 'Mombasa - Kigali via Malaba', origin: 'Mombasa', km: 1660, weight: 5, transit: true },
  { name: 'Nairobi - Kampala via Malaba', origin: 'Nairobi', km: 665, weight: 5, transit: true },
  { name: 'Nairobi - Kisumu', origin: 'Nairobi', km: 345, weight: 3 },
  { name: 'Nairobi - Eldoret', origin: 'Nairobi', km: 310, weight: 2 },
  { name: 'Nairobi - Mombasa', origin: 'Nairobi', km: 485, weight: 3 },
];

/** Fuel depots (SAP warehouse codes, at most 8 characters) by where a trip starts. */
export const DEPOTS: Record<string, readonly string[]> = {
  Mombasa: ['MSA-CFS', 'MSA-KIP'],
  Nairobi: ['NBO-ICD', 'NBO-IND'],
};

/** BIC owner codes of the shipping lines calling at Mombasa, with their bill-of-lading prefixes. */
export const CONTAINER_OWNERS: readonly { code: string; line: string }[] = [
  { code: 'MSCU', line: 'MEDU' },
  { code: 'MAEU', line: 'MAEU' },
  { code: 'CMAU', line: 'CMDU' },
  { code: 'HLXU', line: 'HLCU' },
  { code: 'ONEU', line: 'ONEY' },
];

/** Kenyan prime-mover plates use the newer series; trailers carry Z-plates. */
export const PLATE_SERIES = [
  'KBA',
  'KBC',
  'KBZ',
  'KCA',
  'KCB',
  'KCG',
  'KCQ',
  'KCZ',
  'KDA',
  'KDB',
  'KDC',
  'KDG',
  'KDJ',
] as const;
export const TRAILER_SERIES = ['ZC', 'ZD', 'ZE', 'ZF', 'ZG'] as const;
