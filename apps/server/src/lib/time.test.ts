import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayRange, formatDay } from './time.js';

const ZONES = ['Africa/Nairobi', 'UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns'];

describe('formatDay', () => {
  it("names the same calendar day as date-fns-tz for any instant from 1970 to 2100, in zones with and without DST", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        const instant = new Date(ms);
        expect(formatDay(instant, zone)).toBe(formatInTimeZone(instant, zone, 'yyyy-MM-dd'));
      }),
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
    const { start, endExclusive } = dayRange({ fromDate: '2026-03-08', toDate: '2026-03-08' }, 'America/New_York');
    expect(formatDay(start!, 'America/New_York')).toBe('2026-03-08');
    expect(formatDay(new Date(start!.getTime() - 1), 'America/New_York')).toBe('2026-03-07');
    expect(formatDay(endExclusive!, 'America/New_York')).toBe('2026-03-09');
    // The spring-forward day is 23 hours long.
    expect(endExclusive!.getTime() - start!.getTime()).toBe(23 * 3_600_000);
  });
});
