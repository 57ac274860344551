import { describe, expect, it } from 'vitest';
import {
  postFuelAdvancesBody,
  postingDateField,
  postVasTransactionsBody,
  QUANTITY_RULE,
  quantityField,
} from '@ff/contract';
import { fuelAdvances } from './kinds/fuel-advance/index.js';
import { vasTransactions } from './kinds/vas-transaction/index.js';

/**
 * The post bodies of packages/contract (posting.ts): quantities and posting dates, the shared request rules
 * every post route uses (issue 9, findings 4 and 5). Here because the contract package imports only zod.
 */

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('quantities: a decimal string or a JSON number that is exactly a decimal within numeric(14,3)', () => {
  it("the contract's rule is the collected_quantity column's precision and scale", () => {
    for (const column of [fuelAdvances.collectedQuantity, vasTransactions.collectedQuantity]) {
      const { precision, scale } = column as unknown as { precision: number; scale: number };
      expect({ scale, integerDigits: precision - scale }).toEqual(QUANTITY_RULE);
    }
  });

  it('accepts decimal strings and the JSON numbers people type, as exact decimal text', () => {
    for (const [input, text] of [
      ['5', '5'],
      ['12.5', '12.5'],
      ['0.125', '0.125'],
      [' 7.000 ', '7.000'],
      [2.5, '2.5'],
      [40, '40'],
      [0.1, '0.1'],
      [0, '0'],
      [-0, '0'],
      [1e2, '100'],
      [99_999_999_999.999, '99999999999.999'],
      ['99999999999.999', '99999999999.999'],
    ] as const) {
      expect(quantityField.safeParse(input), String(input)).toEqual({ success: true, data: text });
    }
  });

  it('refuses numbers that are not exactly a decimal within the column (finding 4: these answered 500)', () => {
    for (const input of [
      1e21,
      1e-7,
      0.30000000000000004,
      1.0001,
      100_000_000_000,
      1e11,
      5e-324,
      Number.MAX_VALUE,
      -1,
      -0.5,
    ]) {
      const result = quantityField.safeParse(input);
      expect(result.success, String(input)).toBe(false);
    }
    for (const input of [
      '1e21',
      '1e-7',
      '0.30000000000000004',
      '1.0001',
      '100000000000',
      '-1',
      '-0',
      '.5',
      '5.',
      '0x10',
      'NaN',
      'Infinity',
      '',
      '1 000',
    ]) {
      expect(quantityField.safeParse(input).success, input).toBe(false);
    }
  });

  it('names the field of the row in the post bodies', () => {
    const row = { fuelAdvanceId: 1, sapAccount: 2, postingDate: '2026-01-01', orderNumber: 'P-1' };
    for (const collectedQuantity of [1e21, 1e-7, 0.30000000000000004]) {
      expect(issuesOf(postFuelAdvancesBody.safeParse({ postSap: [{ ...row, collectedQuantity }] }))).toEqual([
        { path: 'postSap.0.collectedQuantity', message: expect.stringMatching(/collected quantity/) },
      ]);
      const vas = {
        vasTransactionId: 1,
        sapAccountRevenue: 2,
        sapAccountCost: 3,
        postingDate: '2026-01-01',
        orderNumber: 'P-1',
      };
      expect(
        issuesOf(postVasTransactionsBody.safeParse({ postSap: [{ ...vas, collectedQuantity }] })).map(
          (i) => i.path,
        ),
      ).toEqual(['postSap.0.collectedQuantity']);
    }
  });
});

describe('posting dates: the calendar date is checked in every accepted form', () => {
  it('accepts real dates with and without a time and an offset', () => {
    for (const input of [
      '2026-09-30',
      '2024-02-29',
      '2026-09-30 10:00:00',
      '2026-09-30T10:00Z',
      '2026-09-30T10:00:00.123+03:00',
      '2026-09-30T23:59:59-0500',
    ]) {
      expect(postingDateField.safeParse(input).success, input).toBe(true);
    }
  });

  it('refuses impossible calendar dates and times whatever follows them (finding 5: 2026-09-31T10:00Z posted as 2026-10-01)', () => {
    for (const input of [
      '2026-09-31',
      '2026-09-31T10:00Z',
      '2026-09-31 10:00:00',
      '2026-09-31T10:00:00+03:00',
      '2026-02-29T00:00Z',
      '2026-13-01T00:00Z',
      '2026-00-10T00:00Z',
      '2026-09-30T24:00Z',
      '2026-09-30T23:60Z',
      '2026-09-30 23:59:60',
      '2026-09-30T10:00+24:00',
      '2026-09-30T10:00+03:60',
    ]) {
      const result = postingDateField.safeParse(input);
      expect(result.success, input).toBe(false);
      expect(issuesOf(result)[0]?.message, input).toMatch(
        /^The posting date .* is not a real (calendar date|time of day)\.$/,
      );
    }
  });

  it('refuses years no record can have (documents are dated 2000 to 2100)', () => {
    for (const input of [
      '0000-01-01',
      '0000-01-01T00:00Z',
      '1999-12-31T23:59Z',
      '2101-01-01',
      '9999-12-31T00:00+03:00',
    ]) {
      expect(issuesOf(postingDateField.safeParse(input)), input).toEqual([
        { path: '', message: 'The posting date must be between the years 2000 and 2100.' },
      ]);
    }
  });
});
