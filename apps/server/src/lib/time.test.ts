import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayRange, formatDateTime, formatDay, instantOfWallClock } from './time.js';

const ZONES = [
  'Africa/Nairobi',
  'UTC',
  'America/New_York',
  'Europe/London',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/St_Johns',
];

describe('formatDay', () => {
  it('names the same calendar day as date-fns (@date-fns/tz) for any instant from 1970 to 2100, in zones with and without DST', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const instant = new Date(ms);
          expect(formatDay(instant, zone)).toBe(format(instant, 'yyyy-MM-dd', { in: tz(zone) }));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('turns the day at midnight in the zone, not in UTC', () => {
    // 21:00 UTC is midnight in Nairobi (UTC+3).
    expect(formatDay(new Date('2026-11-21T20:59:59Z'), 'Africa/Nairobi')).toBe('2026-11-21');
    expect(formatDay(new Date('2026-11-21T21:00:00Z'), 'Africa/Nairobi')).toBe('2026-11-22');
    expect(formatDay(new Date('2026-11-21T21:00:00Z'), 'UTC')).toBe('2026-11-21');
  });

  it('agrees with dayRange: the first instant of a day is on that day, the one before on the day before', () => {
    const { start, endExclusive } = dayRange(
      { fromDate: '2026-03-08', toDate: '2026-03-08' },
      'America/New_York',
    );
    expect(formatDay(start!, 'America/New_York')).toBe('2026-03-08');
    expect(formatDay(new Date(start!.getTime() - 1), 'America/New_York')).toBe('2026-03-07');
    expect(formatDay(endExclusive!, 'America/New_York')).toBe('2026-03-09');
    // The spring-forward day is 23 hours long.
    expect(endExclusive!.getTime() - start!.getTime()).toBe(23 * 3_600_000);
  });

  it('ends a range on the last day there is a format for: after 9999-12-31 comes the year 10000', () => {
    expect(dayRange({ toDate: '9999-12-31' }, 'Africa/Nairobi').endExclusive!.toISOString()).toBe(
      '9999-12-31T21:00:00.000Z',
    );
  });
});

describe('instantOfWallClock', () => {
  it('answers an instant that the zone shows as that wall clock, for any existing one from 1970 to 2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const wallClock = formatDateTime(new Date(ms), zone).replace(' ', 'T');
          expect(formatDateTime(instantOfWallClock(wallClock, zone), zone).replace(' ', 'T')).toBe(wallClock);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('reads minutes and milliseconds, refuses days and times that are not real, and reads a time the clocks skip with the offset after the change', () => {
    expect(instantOfWallClock('2026-11-21T00:00', 'Africa/Nairobi').toISOString()).toBe(
      '2026-11-20T21:00:00.000Z',
    );
    expect(instantOfWallClock('2026-11-21T10:15:30.25', 'UTC').toISOString()).toBe(
      '2026-11-21T10:15:30.250Z',
    );
    // London skips 01:00-02:00 on 2026-03-29: 01:30 is read as BST (UTC+1).
    expect(instantOfWallClock('2026-03-29T01:30:00', 'Europe/London').toISOString()).toBe(
      '2026-03-29T00:30:00.000Z',
    );
    for (const wallClock of [
      '2026-11-31T00:00',
      '2026-02-29T10:00',
      '2026-13-01T00:00',
      '2026-11-21T24:00',
      '2026-11-21T10:60',
      '2026-11-21T10:00:60',
      'not a time',
    ]) {
      expect(instantOfWallClock(wallClock, 'UTC').getTime(), wallClock).toBeNaN();
    }
  });
});
