import { describe, expect, it } from 'vitest';
import { sumAmountsByCurrency, totalsText } from './selection-summary';

const rows = (...items: [string | null, string | null][]) =>
  items.map(([amount, currency]) => ({ amount, currency }));

describe('the selection total per currency (issue 25)', () => {
  it('keeps one total, as today, when every row is in the local currency', () => {
    const totals = sumAmountsByCurrency(rows(['0.10', null], ['0.20', null], [null, null]));
    expect(totals).toEqual([{ currency: null, total: '0.30' }]);
    expect(totalsText(totals)).toBe('Total 0.30');
  });

  it('never adds the local currency to a foreign one: one total per currency, local first', () => {
    const totals = sumAmountsByCurrency(
      rows(['100000', null], ['2000.5', 'USD'], ['20000', null], ['499.5', 'USD'], ['10', 'EUR']),
    );
    expect(totals).toEqual([
      { currency: null, total: '120000.00' },
      { currency: 'EUR', total: '10.00' },
      { currency: 'USD', total: '2500.00' },
    ]);
    expect(totalsText(totals)).toBe('Total 120,000.00 · EUR 10.00 · USD 2,500.00');
  });

  it('names the currency when every selected row is in the same foreign one', () => {
    const totals = sumAmountsByCurrency(rows(['1234.56', 'USD'], ['0.44', 'USD']));
    expect(totalsText(totals)).toBe('Total USD 1,235.00');
  });

  it('counts an empty currency as the local one and an empty amount as 0', () => {
    const totals = sumAmountsByCurrency(rows(['1', ''], ['2', null], [null, 'USD']));
    expect(totals).toEqual([
      { currency: null, total: '3.00' },
      { currency: 'USD', total: '0.00' },
    ]);
  });
});
