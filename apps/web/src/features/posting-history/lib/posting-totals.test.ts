import { describe, expect, it } from 'vitest';
import { netOf } from './posting-totals';

describe('netOf', () => {
  it("is SAP's gross less SAP's VAT, to the cent", () => {
    expect(netOf('1432.09', '197.53')).toBe('1234.56');
    expect(netOf('1160', '160.0')).toBe('1000.00');
    expect(netOf('0.10', '0.25')).toBe('-0.15');
  });

  it('is null when either is not an amount', () => {
    expect(netOf('1,432.09', '197.53')).toBeNull();
    expect(netOf('1432.09', '197.535')).toBeNull();
  });
});
