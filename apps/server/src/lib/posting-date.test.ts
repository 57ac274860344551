import { describe, expect, it } from 'vitest';
import { createPostingDateResolver, resolvePostingDate } from './posting-date.js';

const TZ = 'Africa/Nairobi';
// 2026-11-22 10:00 in Nairobi.
const now = new Date('2026-11-22T07:00:00Z');
const documentDate = new Date('2026-11-10T06:00:00Z');

describe('resolvePostingDate (spec section 5)', () => {
  it("accepts a day, a local date-time and an instant with an offset, answering the day in the application's zone", () => {
    expect(resolvePostingDate('2026-11-20', documentDate, TZ, now)).toEqual({ day: '2026-11-20' });
    expect(resolvePostingDate('2026-11-20 23:30:00', documentDate, TZ, now)).toEqual({ day: '2026-11-20' });
    // 22:30 UTC on the 20th is already the 21st in Nairobi.
    expect(resolvePostingDate('2026-11-20T22:30:00Z', documentDate, TZ, now)).toEqual({ day: '2026-11-21' });
  });

  it('refuses a date that does not exist, one in the future, and one before the document date', () => {
    expect(resolvePostingDate('2026-02-30', documentDate, TZ, now)).toEqual({
      error: 'The posting date is not a valid date.',
    });
    expect(resolvePostingDate('not a date', documentDate, TZ, now)).toEqual({
      error: 'The posting date is not a valid date.',
    });
    expect(resolvePostingDate('2026-11-23', documentDate, TZ, now)).toEqual({
      error: 'The posting date cannot be in the future.',
    });
    expect(resolvePostingDate('2026-11-22 10:30:00', documentDate, TZ, now)).toEqual({
      error: 'The posting date cannot be in the future.',
    });
    expect(resolvePostingDate('2026-11-09', documentDate, TZ, now)).toEqual({
      error: 'The posting date cannot be before the document date (2026-11-10).',
    });
    // The same day as the document is allowed, whatever the time.
    expect(resolvePostingDate('2026-11-10', documentDate, TZ, now)).toEqual({ day: '2026-11-10' });
  });

  it("one resolver for a request's rows: a shared posting date is checked against each row's own document date", () => {
    const resolve = createPostingDateResolver(TZ, now);
    expect(resolve('2026-11-15', documentDate)).toEqual({ day: '2026-11-15' });
    expect(resolve('2026-11-15', new Date('2026-11-18T06:00:00Z'))).toEqual({
      error: 'The posting date cannot be before the document date (2026-11-18).',
    });
    expect(resolve('2026-11-15', documentDate)).toEqual({ day: '2026-11-15' });
    expect(resolve('2026-11-31', documentDate)).toEqual({ error: 'The posting date is not a valid date.' });
  });

  it('checks the calendar date and time as real ones when a time or an offset is given (2026-09-31T10:00Z is not 2026-10-01)', () => {
    const invalid = { error: 'The posting date is not a valid date.' };
    for (const input of [
      '2026-09-31T10:00Z',
      '2026-09-31T10:00:00+03:00',
      '2026-09-31 10:00:00',
      '2026-02-29T08:00:00Z',
      '2026-11-20T24:00Z',
      '2026-11-20T23:60:00Z',
      '2026-11-20T10:00+25:00',
    ]) {
      expect(resolvePostingDate(input, documentDate, TZ, now), input).toEqual(invalid);
    }
    // Real ones still resolve to their day in the application's zone.
    expect(resolvePostingDate('2026-11-20T10:00+0300', documentDate, TZ, now)).toEqual({ day: '2026-11-20' });
    expect(resolvePostingDate('2026-11-20T23:59:59.999-05:00', documentDate, TZ, now)).toEqual({
      day: '2026-11-21',
    });
  });
});
