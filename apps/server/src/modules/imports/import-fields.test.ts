import { describe, expect, it } from 'vitest';
import {
  MONEY,
  optionalText,
  parseDecimal,
  parseDocumentDate,
  QUANTITY,
  requiredText,
} from './import-fields.js';
import { importRowSchemas } from './import-schemas.js';

describe('parseDecimal', () => {
  it('keeps money exact and pads it to its scale', () => {
    expect(parseDecimal('12500', MONEY)).toEqual({ value: '12500.00' });
    expect(parseDecimal(' 0012500.5 ', MONEY)).toEqual({ value: '12500.50' });
    expect(parseDecimal('12,500.75', MONEY)).toEqual({ value: '12500.75' });
    expect(parseDecimal(0.1, MONEY)).toEqual({ value: '0.10' });
    expect(parseDecimal(123456789012.99, MONEY)).toEqual({ value: '123456789012.99' });
    expect(parseDecimal('.5', MONEY)).toEqual({ value: '0.50' });
    expect(parseDecimal('1.500', MONEY)).toEqual({ value: '1.50' });
    expect(parseDecimal('40.125', QUANTITY)).toEqual({ value: '40.125' });
  });

  it('explains what is wrong', () => {
    expect(parseDecimal('-1', MONEY)).toEqual({ error: 'must not be negative' });
    expect(parseDecimal('1.005', MONEY)).toEqual({ error: 'must have at most 2 decimal places' });
    expect(parseDecimal(0.1 + 0.2, MONEY)).toEqual({ error: 'must have at most 2 decimal places' });
    expect(parseDecimal('1.0001', QUANTITY)).toEqual({ error: 'must have at most 3 decimal places' });
    expect(parseDecimal('12,50', MONEY)).toMatchObject({
      error: expect.stringContaining('must be a decimal number'),
    });
    expect(parseDecimal('1e5', MONEY)).toMatchObject({
      error: expect.stringContaining('must be a decimal number'),
    });
    expect(parseDecimal(true, MONEY)).toEqual({ error: 'must be a number or a decimal string' });
    expect(parseDecimal(Number.NaN, MONEY)).toEqual({ error: 'must be a finite number' });
    expect(parseDecimal('1000000000000', MONEY)).toEqual({ error: 'must be less than 10^12' });
  });
});

describe('text fields', () => {
  it('refuse the NUL character, which PostgreSQL text cannot hold', () => {
    for (const schema of [requiredText(), optionalText()]) {
      const result = schema.safeParse('Bidco\u0000 Africa');
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must not contain the NUL character (\\u0000)');
      expect(schema.safeParse('Bidco Africa').success).toBe(true);
    }
  });
});

describe('parseDocumentDate', () => {
  const tz = 'Africa/Nairobi';
  const iso = (input: string) => {
    const result = parseDocumentDate(input, tz);
    return 'value' in result ? result.value.toISOString() : result.error;
  };

  it('reads times without an offset in the application time zone', () => {
    expect(iso('2026-03-14')).toBe('2026-03-13T21:00:00.000Z');
    expect(iso('2026-03-14T08:30:00')).toBe('2026-03-14T05:30:00.000Z');
    expect(iso('2026-03-14 08:30')).toBe('2026-03-14T05:30:00.000Z');
  });

  it('honours an offset when there is one', () => {
    expect(iso('2026-03-14T08:30:00Z')).toBe('2026-03-14T08:30:00.000Z');
    expect(iso('2026-03-14T08:30:00.250+01:00')).toBe('2026-03-14T07:30:00.250Z');
    expect(iso('2026-03-14T08:30:00+0300')).toBe('2026-03-14T05:30:00.000Z');
  });

  it('refuses what is not a real date', () => {
    expect(iso('2026-02-29')).toBe('2026-02-29 is not a real calendar date');
    expect(iso('2026-03-14T24:00')).toBe('24:00:00 is not a real time of day');
    expect(iso('14/03/2026')).toMatch(/^must be an ISO date/);
    expect(iso('1999-12-31')).toBe('must be between the years 2000 and 2100');
  });
});

describe('import row schemas', () => {
  const schemas = importRowSchemas('Africa/Nairobi');

  it('normalises container fields and leaves absent optional fields null', () => {
    const row = schemas['sales-invoices'].parse({
      sourceId: 42,
      documentDate: '2026-03-01',
      clientName: ' Bidco Africa Ltd ',
      customerCode: 'C10001',
      tripNumber: 'TRP-2026-000001',
      containerNumber: 'csqu 305438-3',
      containerSize: "40'",
      amount: '',
    });
    expect(row).toMatchObject({
      sourceId: '42',
      clientName: 'Bidco Africa Ltd',
      containerNumber: 'CSQU3054383',
      containerSize: '40ft',
    });
    expect(row.amount).toBeNull();
    expect(row.cargoRef).toBeNull();
    expect(row.route).toBeNull();
  });

  it('says "required" for missing keys of every field type, and nothing else', () => {
    const result = schemas['fuel-advances'].safeParse({ route: 'Mombasa - Nairobi' });
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'sourceId: required',
      'documentDate: required',
      'tripNumber: required',
      'transporterName: required',
      'transporterCode: required',
      'originQuantity: required',
      'unitPrice: required',
    ]);
  });

  it('spells VAS product types as the list does', () => {
    const base = {
      sourceId: 'V1',
      documentDate: '2026-03-01',
      transporterName: 'Transami Kenya',
      transporterCode: 'T20004',
      supplierName: 'Securex Escorts Ltd',
      supplierCode: 'S30008',
      originQuantity: 1,
      buyingUnitPrice: 100,
      sellingUnitPrice: 90,
    };
    expect(schemas['vas-transactions'].parse({ ...base, productType: 'escort & security' }).productType).toBe(
      'Escort & Security',
    );
    const bad = schemas['vas-transactions'].safeParse({ ...base, productType: 'Snacks' });
    expect(bad.error?.issues[0]?.message).toBe(
      'must be one of Fuel, Tyres, Lubricants, Tracking, Escort & Security; not "Snacks"',
    );
  });
});
