import { SEED_CUSTOMERS, SEED_SUPPLIERS, SEED_TRANSPORTERS } from '@ff/sap-sim';
import { describe, expect, it } from 'vitest';
import { importRowSchemas, IMPORT_KINDS } from '../imports/import-schemas.js';
import { isValidContainerNumber } from '../imports/iso6346.js';
import { CUSTOMERS, SUPPLIERS, TRANSPORTERS } from './catalogue.js';
import { generateDemoData, type DemoDataOptions } from './demo-generator.js';
import { createRandom } from './prng.js';

const options: DemoDataOptions = { count: 250, seed: 42, today: '2026-03-15', timeZone: 'Africa/Nairobi' };
const set = generateDemoData(options);

const EXPECTED_CUSTOMERS = [
  ['C10001', 'Bidco Africa Ltd'],
  ['C10002', 'Bamburi Cement PLC'],
  ['C10003', 'East African Breweries Ltd'],
  ['C10004', 'Kenya Tea Development Agency'],
  ['C10005', 'Mumias Sugar Company'],
  ['C10006', 'Unilever Kenya Ltd'],
  ['C10007', 'Kapa Oil Refineries'],
  ['C10008', 'Pwani Oil Products'],
  ['C10009', 'Brookside Dairy Ltd'],
  ['C10010', 'Kenya Power & Lighting Co'],
];
const EXPECTED_TRANSPORTERS = [
  ['T20001', 'Siginon Freight Ltd'],
  ['T20002', 'Multiple Hauliers EA'],
  ['T20003', 'Bollore Transport Kenya'],
  ['T20004', 'Transami Kenya'],
  ['T20005', 'Awanad Enterprises'],
  ['T20006', 'Crown Motors Haulage'],
  ['T20007', 'Mombasa Lorry Transporters'],
  ['T20008', 'Kisumu Road Carriers'],
];
const EXPECTED_SUPPLIERS = [
  ['S30001', 'Vivo Energy Kenya'],
  ['S30002', 'Rubis Energy Kenya'],
  ['S30003', 'TotalEnergies Marketing Kenya'],
  ['S30004', 'Bridgestone East Africa'],
  ['S30005', 'Tyre Masters Ltd'],
  ['S30006', 'Oryx Lubricants'],
  ['S30007', 'Cartrack Kenya'],
  ['S30008', 'Securex Escorts Ltd'],
];

const pairs = (rows: readonly { code: string; name: string }[]) => rows.map((p) => [p.code, p.name]);
const used = (rows: readonly Record<string, unknown>[], code: string, name: string) =>
  [...new Map(rows.map((r) => [r[code] as string, r[name] as string])).entries()].sort();

describe('demo data generator', () => {
  it('is deterministic for a seed and reference day, and the seed changes everything', () => {
    expect(JSON.stringify(generateDemoData(options))).toBe(JSON.stringify(set));
    const other = generateDemoData({ ...options, seed: 43 });
    expect(other['sales-invoices'].map((r) => r.amount)).not.toEqual(
      set['sales-invoices'].map((r) => r.amount),
    );
    expect(JSON.stringify(generateDemoData({ ...options, seed: '42' }))).toBe(JSON.stringify(set));
  });

  it('gives count records of every kind, all valid for the import', () => {
    const schemas = importRowSchemas(options.timeZone);
    for (const kind of IMPORT_KINDS) {
      expect(set[kind], kind).toHaveLength(250);
      for (const row of set[kind])
        expect(schemas[kind].safeParse(row).error, `${kind} ${row.sourceId}`).toBeUndefined();
      expect(new Set(set[kind].map((r) => r.sourceId)).size).toBe(250);
    }
  });

  it('uses exactly the SAP business partners of the simulator', () => {
    expect(pairs(CUSTOMERS)).toEqual(EXPECTED_CUSTOMERS);
    expect(pairs(TRANSPORTERS)).toEqual(EXPECTED_TRANSPORTERS);
    expect(pairs(SUPPLIERS)).toEqual(EXPECTED_SUPPLIERS);
    // The simulator seeds these partners (plus frozen ones the demo must never use).
    const simulator = (list: readonly { CardCode: string; CardName: string; Frozen: string }[]) =>
      list.filter((p) => p.Frozen === 'tNO').map((p) => [p.CardCode, p.CardName]);
    expect(simulator(SEED_CUSTOMERS)).toEqual(EXPECTED_CUSTOMERS);
    expect(simulator(SEED_TRANSPORTERS)).toEqual(EXPECTED_TRANSPORTERS);
    expect(simulator(SEED_SUPPLIERS)).toEqual(EXPECTED_SUPPLIERS);

    // 250 trips use every partner, and only those.
    expect(used(set['sales-invoices'], 'customerCode', 'clientName')).toEqual(EXPECTED_CUSTOMERS);
    for (const kind of [
      'transporter-invoices',
      'cash-advances',
      'fuel-advances',
      'vas-transactions',
    ] as const) {
      expect(used(set[kind], 'transporterCode', 'transporterName'), kind).toEqual(EXPECTED_TRANSPORTERS);
    }
    expect(used(set['vas-transactions'], 'supplierCode', 'supplierName')).toEqual(EXPECTED_SUPPLIERS);
  });

  it('buys each VAS product from a supplier of that product', () => {
    const suppliersOf: Record<string, string[]> = {
      Fuel: ['S30001', 'S30002', 'S30003'],
      Tyres: ['S30004', 'S30005'],
      Lubricants: ['S30006'],
      Tracking: ['S30007'],
      'Escort & Security': ['S30008'],
    };
    for (const row of set['vas-transactions'])
      expect(suppliersOf[String(row.productType)]).toContain(row.supplierCode);
  });

  it('writes valid ISO 6346 container numbers, 20ft or 40ft with a weight', () => {
    for (const row of [...set['sales-invoices'], ...set['transporter-invoices']]) {
      expect(isValidContainerNumber(String(row.containerNumber)), String(row.containerNumber)).toBe(true);
      expect(String(row.containerNumber)).toMatch(/^(MSCU|MAEU|CMAU|HLXU|ONEU)\d{7}$/);
      expect(['20ft', '40ft']).toContain(row.containerSize);
      expect(row.containerWeight).toMatch(/^\d{1,2},\d{3} kg$/);
    }
  });

  it('looks like Kenyan freight', () => {
    for (const row of set['sales-invoices']) {
      expect(row.truckNumber).toMatch(/^K[BCD][A-Z] \d{3}[A-Z] \/ Z[A-Z] \d{4}$/);
      expect(row.tripNumber).toMatch(/^TRP-\d{4}-\d{6}$/);
      expect(row.route).toMatch(/^(Mombasa|Nairobi) - /);
      const amount = Number(row.amount);
      expect(amount).toBeGreaterThanOrEqual(80_000);
      expect(amount).toBeLessThanOrEqual(450_000);
    }
    set['transporter-invoices'].forEach((row, i) => {
      const ratio = Number(row.invoiceAmount) / Number(set['sales-invoices'][i]!.amount);
      expect(row.tripNumber).toBe(set['sales-invoices'][i]!.tripNumber);
      expect(ratio).toBeGreaterThanOrEqual(0.69);
      expect(ratio).toBeLessThanOrEqual(0.86);
    });
    for (const row of set['cash-advances']) {
      expect(row.amount).toMatch(/^\d+00\.00$/);
      expect(Number(row.amount)).toBeGreaterThanOrEqual(5_000);
      expect(Number(row.amount)).toBeLessThanOrEqual(50_000);
    }
    for (const row of set['fuel-advances']) {
      expect(Number(row.originQuantity)).toBeGreaterThanOrEqual(100);
      expect(Number(row.originQuantity)).toBeLessThanOrEqual(600);
      expect(Number(row.unitPrice)).toBeGreaterThanOrEqual(165);
      expect(Number(row.unitPrice)).toBeLessThanOrEqual(195);
    }
  });

  it('sells about one VAS row in ten at a loss', () => {
    const losses = set['vas-transactions'].filter(
      (r) => Number(r.sellingUnitPrice) < Number(r.buyingUnitPrice),
    ).length;
    expect(losses).toBeGreaterThan(250 * 0.04);
    expect(losses).toBeLessThan(250 * 0.18);
  });

  it("bills transit trips in USD with zero-rated VAT when SAP's books are in play; the spec's set has neither", () => {
    const books = generateDemoData({ ...options, foreign: true });
    const transit = (route: unknown) => /Kampala|Kigali/.test(String(route));
    const sales = books['sales-invoices'];
    const usd = sales.filter((r) => r.currency === 'USD');
    // About a quarter of the trips cross into Uganda or Rwanda (28 of the routes' 105 weight).
    expect(usd.length).toBeGreaterThan(250 * 0.15);
    expect(usd.length).toBeLessThan(250 * 0.4);
    for (const [i, row] of sales.entries()) {
      const plain = set['sales-invoices'][i]!;
      expect(row.tripNumber).toBe(plain.tripNumber);
      if (transit(row.route)) {
        // KES 80,000-450,000 at 129 to the dollar, in whole dollars.
        expect(row).toMatchObject({ currency: 'USD', vatGroup: 'O0' });
        expect(row.amount).toMatch(/^\d+\.00$/);
        expect(Number(row.amount)).toBe(Math.round(Number(plain.amount) / 129));
      } else {
        expect(row).toMatchObject({ amount: plain.amount, vatGroup: 'O1' });
        expect(row).not.toHaveProperty('currency');
      }
    }
    const cash = books['cash-advances'];
    expect(cash.filter((r) => r.currency === 'USD').map((r) => r.tripNumber)).toEqual(
      cash.filter((r) => transit(r.route)).map((r) => r.tripNumber),
    );
    // Fuel, transporter and VAS rows stay in shillings; the records stay valid for the import.
    for (const kind of ['fuel-advances', 'transporter-invoices', 'vas-transactions'] as const)
      expect(books[kind].every((r) => !('currency' in r))).toBe(true);
    const schemas = importRowSchemas(options.timeZone);
    for (const kind of IMPORT_KINDS)
      for (const row of books[kind])
        expect(schemas[kind].safeParse(row).error, String(row.sourceId)).toBeUndefined();
    expect(set['sales-invoices'].some((r) => 'currency' in r || 'vatGroup' in r)).toBe(false);
  });

  it('dates every record in the 60 days before the reference day', () => {
    // Start of 2026-03-15 and of 2026-01-14 in Nairobi (UTC+3).
    const end = Date.parse('2026-03-14T21:00:00Z');
    const start = Date.parse('2026-01-13T21:00:00Z');
    for (const kind of IMPORT_KINDS) {
      for (const row of set[kind]) {
        expect(String(row.documentDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
        const at = Date.parse(String(row.documentDate));
        expect(at, `${kind} ${row.documentDate}`).toBeLessThan(end);
        expect(at, `${kind} ${row.documentDate}`).toBeGreaterThanOrEqual(start);
      }
    }
  });
});

describe('seeded random numbers', () => {
  it('repeat for a seed and differ between seeds', () => {
    const draw = (seed: number | string) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.int(0, 1_000_000));
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
    expect(draw('demo')).toEqual(draw('demo'));
  });

  it('spread evenly', () => {
    const random = createRandom(7);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i += 1) buckets[Math.floor(random.next() * 10)] += 1;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});
