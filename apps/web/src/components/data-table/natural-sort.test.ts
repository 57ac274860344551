import { describe, expect, it } from 'vitest';
import { compareValues } from './natural-sort';

describe('compareValues', () => {
  it('orders text naturally and case-insensitively', () => {
    const sorted = ['TRP-10', 'trp-2', 'TRP-1'].sort(compareValues);
    expect(sorted).toEqual(['TRP-1', 'trp-2', 'TRP-10']);
  });

  it('orders numbers numerically and puts empty values first', () => {
    expect([10, null, 2, 33].sort(compareValues)).toEqual([null, 2, 10, 33]);
    expect(['1500.00', '', '999.00'].sort(compareValues)).toEqual(['', '999.00', '1500.00']);
  });
});
