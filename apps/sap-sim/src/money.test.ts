import { describe, expect, it } from 'vitest';
import { formatCents, fromCents, lineTotalCents, toCents, toMicros, unitPriceMicros } from './money.js';

describe('money in integers', () => {
  it.each([
    [0.1, 10],
    [0.3, 30],
    [1.005, 101],
    [2.675, 268],
    [125000.5, 12500050],
    [-0.005, -1],
    [1e-7, 0],
    [999999999999.99, 99999999999999],
  ])('toCents(%d) = %d, rounding half away from zero on the typed digits', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('sums floats exactly once they are cents', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(toCents(0.3));
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('multiplies price x quantity without losing a cent', () => {
    expect(lineTotalCents(toMicros(182.37), toMicros(312.5))).toBe(5699063);
    expect(lineTotalCents(toMicros(0.333333), toMicros(3))).toBe(100);
    expect(lineTotalCents(toMicros(999999.999999), toMicros(1000000))).toBe(99999999999900);
  });

  it('derives a unit price from a line total', () => {
    expect(unitPriceMicros(100005, toMicros(3))).toBe(333350000);
    expect(unitPriceMicros(100, toMicros(3))).toBe(333333);
  });

  it('formats and converts back', () => {
    expect(formatCents(1234567)).toBe('12345.67');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-130)).toBe('-1.30');
    expect(fromCents(12500050)).toBe(125000.5);
  });
});
