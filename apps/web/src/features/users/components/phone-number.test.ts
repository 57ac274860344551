import { describe, expect, it } from 'vitest';
import { hasPhoneDigits, toMobileNo } from './phone-number';

describe('toMobileNo', () => {
  it('strips the trunk 0 of a Kenyan number', () => {
    expect(toMobileNo('KE', '254', '0712345678')).toBe('+254712345678');
    expect(toMobileNo('KE', '254', '712 345 678')).toBe('+254712345678');
  });

  it('keeps a number typed with its own international prefix', () => {
    expect(toMobileNo('KE', '254', '+255712345678')).toBe('+255712345678');
  });

  it('never fails: short or odd numbers are still joined to the dial code', () => {
    expect(toMobileNo('KE', '254', '12')).toBe('+25412');
    expect(toMobileNo('AQ', '672', '123-456')).toMatch(/^\+672\d+$/);
  });
});

describe('hasPhoneDigits', () => {
  it('needs at least one digit', () => {
    expect(hasPhoneDigits('')).toBe(false);
    expect(hasPhoneDigits(' - ')).toBe(false);
    expect(hasPhoneDigits('0712')).toBe(true);
  });
});
