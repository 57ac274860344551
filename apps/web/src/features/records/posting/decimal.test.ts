import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  compareNullableDecimal,
  isDecimal,
  isValidQuantity,
  multiplyDecimal,
  subtractDecimal,
} from './decimal';

describe('multiplyDecimal', () => {
  it('multiplies exactly with 2 decimals', () => {
    expect(multiplyDecimal('3', '0.1')).toBe('0.30');
    expect(multiplyDecimal('40.000', '182.50')).toBe('7300.00');
    expect(multiplyDecimal('0', '99.99')).toBe('0.00');
    expect(multiplyDecimal('12345678901234567890', '1.00')).toBe('12345678901234567890.00');
  });

  it('rounds half-up, away from zero', () => {
    expect(multiplyDecimal('2.5', '1.01')).toBe('2.53'); // 2.525
    expect(multiplyDecimal('1.005', '1')).toBe('1.01');
    expect(multiplyDecimal('1.004', '1')).toBe('1.00');
    expect(multiplyDecimal('0.333', '3')).toBe('1.00'); // 0.999
    expect(multiplyDecimal('-2.5', '1.01')).toBe('-2.53');
    expect(multiplyDecimal('-0.001', '1')).toBe('0.00');
  });

  it('refuses text that is not a decimal', () => {
    expect(() => multiplyDecimal('1e3', '1')).toThrow(RangeError);
    expect(() => multiplyDecimal('', '1')).toThrow(RangeError);
  });
});

describe('subtractDecimal and addDecimal', () => {
  it('keep the longer scale exactly', () => {
    expect(subtractDecimal('10.5', '0.25')).toBe('10.25');
    expect(subtractDecimal('0.10', '0.30')).toBe('-0.20');
    expect(subtractDecimal('5', '5.000')).toBe('0.000');
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('-1.50', '1.5')).toBe('0.00');
  });
});

describe('compareDecimal', () => {
  it('compares across scales and signs', () => {
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('1.499', '1.5')).toBe(-1);
    expect(compareDecimal('10', '9.999')).toBe(1);
    expect(compareDecimal('-2', '1')).toBe(-1);
  });
});

describe('isDecimal and isValidQuantity', () => {
  it('recognises plain decimals only', () => {
    expect(isDecimal('12.50')).toBe(true);
    expect(isDecimal('-3')).toBe(true);
    expect(isDecimal('1,000')).toBe(false);
    expect(isDecimal('')).toBe(false);
    expect(isDecimal(null)).toBe(false);
  });

  it('accepts 0 up to the original quantity, at most 3 decimals', () => {
    expect(isValidQuantity('0', '40.000')).toBe(true);
    expect(isValidQuantity('40', '40.000')).toBe(true);
    expect(isValidQuantity('39.999', '40')).toBe(true);
    expect(isValidQuantity(12.5, '40')).toBe(true);
    expect(isValidQuantity('40.001', '40')).toBe(false);
    expect(isValidQuantity('-1', '40')).toBe(false);
    expect(isValidQuantity('1.2345', '40')).toBe(false);
    expect(isValidQuantity('', '40')).toBe(false);
    expect(isValidQuantity(null, '40')).toBe(false);
    expect(isValidQuantity('abc', '40')).toBe(false);
    expect(isValidQuantity('1', 'n/a')).toBe(false);
  });
});

describe('compareNullableDecimal', () => {
  it('sorts empty values first, then by value', () => {
    const sorted = ['1250.00', null, '999.50', '', '10000'].sort(compareNullableDecimal);
    expect(sorted).toEqual([null, '', '999.50', '1250.00', '10000']);
  });
});
