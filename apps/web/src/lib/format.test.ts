import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  textOrNotAvailable,
  toIsoDay,
  toServerDateTime,
} from './format';

describe('formatAmount', () => {
  it('shows 2 decimals with en-US grouping', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('-1500')).toBe('-1,500.00');
  });

  it('rounds decimal strings half-up exactly', () => {
    expect(formatAmount('1.005')).toBe('1.01');
    expect(formatAmount('2.675')).toBe('2.68');
    expect(formatAmount('99999999999999999.999')).toBe('100,000,000,000,000,000.00');
    expect(formatAmount('-0.001')).toBe('0.00');
  });

  it("shows 'N/A' when empty or unreadable", () => {
    expect(formatAmount(null)).toBe('N/A');
    expect(formatAmount(undefined)).toBe('N/A');
    expect(formatAmount('')).toBe('N/A');
    expect(formatAmount('  ')).toBe('N/A');
    expect(formatAmount('abc')).toBe('N/A');
    expect(formatAmount(Number.NaN)).toBe('N/A');
  });
});

describe('formatMoney', () => {
  it('shows the currency before the amount when the record carries one', () => {
    expect(formatMoney('1234.56', 'USD')).toBe('USD 1,234.56');
    expect(formatMoney('-2500.005', 'EUR')).toBe('EUR -2,500.01');
  });

  it('shows exactly formatAmount for the local currency (null or empty)', () => {
    expect(formatMoney('1234.56', null)).toBe(formatAmount('1234.56'));
    expect(formatMoney('1234.56', undefined)).toBe('1,234.56');
    expect(formatMoney('1234.56', ' ')).toBe('1,234.56');
  });

  it("shows 'N/A' without a currency when the amount is empty", () => {
    expect(formatMoney(null, 'USD')).toBe('N/A');
    expect(formatMoney('', 'USD')).toBe('N/A');
  });
});

describe('other formats', () => {
  it('formats counts with a thousands separator', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('N/A');
  });

  it('formats server date-times and days', () => {
    expect(formatDateTime('2025-03-05 14:07:09')).toBe('05 Mar 2025, 14:07');
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDate('2025-03-05')).toBe('05 Mar 2025');
    expect(toIsoDay(new Date(2025, 0, 9))).toBe('2025-01-09');
  });

  it('falls back to N/A for empty text', () => {
    expect(textOrNotAvailable('')).toBe('N/A');
    expect(textOrNotAvailable('KDA 123B')).toBe('KDA 123B');
  });
});

describe('wire dates without a date library', () => {
  it('reads the server shapes and leaves anything else as it came', () => {
    expect(formatDateTime('2025-03-05T14:07:09.123')).toBe('05 Mar 2025, 14:07');
    expect(formatDate('2025-12-31 23:59:59')).toBe('31 Dec 2025');
    expect(formatDate('2025-02-30')).toBe('2025-02-30');
    expect(formatDateTime('2025-03-05 25:07:09')).toBe('2025-03-05 25:07:09');
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });

  it('writes local calendar days and date-times in the wire format', () => {
    const date = new Date(2026, 0, 9, 7, 5, 3);
    expect(toIsoDay(date)).toBe('2026-01-09');
    expect(toServerDateTime(date)).toBe('2026-01-09 07:05:03');
  });
});
