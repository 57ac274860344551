import { describe, expect, it } from 'vitest';
import { parseFilterDate, parseSapDate, periodOf, renderDate } from './dates.js';

describe('SAP dates', () => {
  it.each([
    ['2026-03-10', '2026-03-10'],
    ['2024-02-29', '2024-02-29'],
    ['2026-03-10T23:59:59Z', '2026-03-10'],
  ])('accepts %s', (text, date) => {
    expect(parseSapDate(text)).toBe(date);
  });

  it.each([
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-3-1',
    '10/03/2026',
    '2026-03-10T00:00:00.000Z',
    '2026-03-10T00:00:00',
    '2026-03-10T24:00:00Z',
    '2026-03-10 00:00:00',
    '',
  ])('refuses %j', (text) => {
    expect(parseSapDate(text)).toBeUndefined();
  });

  it('is looser for filter literals (v1 datetime values carry no zone)', () => {
    expect(parseFilterDate('2026-03-10T00:00:00')).toBe('2026-03-10');
    expect(parseFilterDate('2026-03-10T00:00:00.000Z')).toBe('2026-03-10');
    expect(parseFilterDate('2026-02-30')).toBeUndefined();
  });

  it('renders per version and names the posting period', () => {
    expect(renderDate('2026-03-10', 'v1')).toBe('2026-03-10');
    expect(renderDate('2026-03-10', 'v2')).toBe('2026-03-10T00:00:00Z');
    expect(periodOf('2026-03-10')).toBe('2026-03');
  });
});
