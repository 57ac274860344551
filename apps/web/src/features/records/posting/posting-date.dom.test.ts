import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { setServerTimeZone } from '@/lib/server-time';
import { earliestSecondJournalDate } from '../kinds/second-journal';
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

describe("server date-times are the server's wall clock (APP_TIMEZONE), whatever the browser's zone", () => {
  afterEach(() => setServerTimeZone(null));

  it('reads them in the zone GET /api/v1/session names', () => {
    setServerTimeZone('Africa/Nairobi');
    expect(parseServerDate('2026-11-30 00:00:00')?.toISOString()).toBe('2026-11-29T21:00:00.000Z');
    expect(parseServerDate('2026-11-30')?.toISOString()).toBe('2026-11-29T21:00:00.000Z');
    setServerTimeZone('America/New_York');
    // Daylight saving time is the zone's, not a fixed offset.
    expect(parseServerDate('2026-07-01 12:00:00')?.toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(parseServerDate('2026-12-01 12:00:00')?.toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });

  it('an unknown zone leaves the browser its own', () => {
    setServerTimeZone('Mars/Olympus_Mons');
    expect(parseServerDate('2026-11-01 07:05:09')).toEqual(new Date(2026, 10, 1, 7, 5, 9));
  });

  it("a second journal can be posted as soon as its first journal's day has begun in the server's zone", () => {
    // The CI failure at 22:28 UTC: the first journal was posted at 01:28 on 30 Nov in Nairobi. A browser on UTC
    // read the 30th's start as its own midnight, 1.5 hours ahead, so the row could not be selected until then.
    setServerTimeZone('Africa/Nairobi');
    const at = new Date('2026-11-29T22:28:00Z');
    const earliest = earliestSecondJournalDate({
      documentDate: '2026-10-01 10:04:00',
      firstJournalPostingDate: '2026-11-30',
    });
    expect(isPostingDateValid(at, earliest, at)).toBe(true);
    expect(isPostingDateValid(new Date('2026-11-29T20:59:00Z'), earliest, at)).toBe(false);
  });

  it("a failed row's stored day gets the server's time of day", () => {
    setServerTimeZone('Africa/Nairobi');
    const at = new Date('2026-11-29T22:28:00Z'); // 01:28 on the 30th in Nairobi
    expect(initialPostingDate('2026-11-30', at).toISOString()).toBe('2026-11-29T22:28:00.000Z');
    expect(initialPostingDate('2026-11-29', at).toISOString()).toBe('2026-11-28T22:28:00.000Z');
  });
});
