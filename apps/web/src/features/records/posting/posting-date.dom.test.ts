import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  clampPostingDate,
  initialPostingDate,
  isPostingDateValid,
  parseServerDate,
  toPostingDateValue,
} from './posting-date';

const now = new Date(2026, 10, 21, 10, 30, 0);

describe('posting date rules', () => {
  it('defaults to now when the row has none', () => {
    expect(initialPostingDate(null, now)).toBe(now);
    expect(initialPostingDate('', now)).toBe(now);
    expect(initialPostingDate('2026-11-20 08:00:00', now)).toEqual(new Date(2026, 10, 20, 8, 0, 0));
  });

  it('gives a stored posting day (a failed row) the current time of day, not midnight (defect 9)', () => {
    expect(initialPostingDate('2026-11-20', now)).toEqual(new Date(2026, 10, 20, 10, 30, 0));
    // Never after now, never before the document date.
    expect(initialPostingDate('2026-11-21', new Date(2026, 10, 21, 10, 30, 45))).toEqual(
      new Date(2026, 10, 21, 10, 30, 0),
    );
    expect(initialPostingDate('2026-11-20', now, '2026-11-20 16:00:00')).toEqual(
      new Date(2026, 10, 20, 16, 0, 0),
    );
  });

  it('pulls a date into [document date, now] (defect 3: a typed future time)', () => {
    const future = new Date(2026, 10, 21, 23, 59);
    expect(clampPostingDate(future, '2026-11-01 07:05:09', now)).toBe(now);
    expect(clampPostingDate(new Date(2026, 9, 1), '2026-11-01 07:05:09', now)).toEqual(
      new Date(2026, 10, 1, 7, 5, 9),
    );
  });

  it('parses server date-times in local time', () => {
    expect(parseServerDate('2026-11-01 07:05:09')).toEqual(new Date(2026, 10, 1, 7, 5, 9));
    expect(parseServerDate('2026-11-01')).toEqual(new Date(2026, 10, 1));
    expect(parseServerDate('2026-11-01T07:05:09')).toEqual(new Date(2026, 10, 1, 7, 5, 9));
    expect(parseServerDate('nonsense')).toBeNull();
    expect(parseServerDate(null)).toBeNull();
  });

  it('must be set, not before the document date and not after now', () => {
    const documentDate = '2026-11-01 07:05:09';
    expect(isPostingDateValid(null, documentDate, now)).toBe(false);
    expect(isPostingDateValid(new Date(Number.NaN), documentDate, now)).toBe(false);
    expect(isPostingDateValid(new Date(2026, 10, 1, 7, 5, 9), documentDate, now)).toBe(true);
    expect(isPostingDateValid(new Date(2026, 10, 1, 7, 5, 8), documentDate, now)).toBe(false);
    expect(isPostingDateValid(now, documentDate, now)).toBe(true);
    expect(isPostingDateValid(new Date(now.getTime() + 1000), documentDate, now)).toBe(false);
  });

  it('sends an ISO instant with the offset', () => {
    const value = toPostingDateValue(now);
    expect(value).toMatch(/^2026-11-21T10:30:00[+-]\d{2}:\d{2}$/);
    expect(dayjs(value).toDate().getTime()).toBe(now.getTime());
  });
});
