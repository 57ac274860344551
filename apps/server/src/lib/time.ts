import { tz, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns';

/** Server date-times: `yyyy-MM-dd HH:mm:ss` in the application's time zone (docs/spec/product-spec.md section 3). */
export function formatDateTime(value: Date, timeZone: string): string {
  return format(value, 'yyyy-MM-dd HH:mm:ss', { in: tz(timeZone) });
}

const WALL_CLOCK = /^(\d{4}|[+-]\d{6})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * The instant a wall-clock time `yyyy-MM-ddTHH:mm[:ss[.SSS]]` (or an ISO extended year, `+010000-01-01T00:00`)
 * names in `timeZone`; an invalid date if it is not a real day and time of day. A time the clocks skip is read with the offset after the change
 * (01:30 on London's spring-forward day is 00:30 UTC), as date-fns-tz's fromZonedTime read it before
 * @date-fns/tz replaced it.
 */
export function instantOfWallClock(wallClock: string, timeZone: string): Date {
  const parts = WALL_CLOCK.exec(wallClock);
  if (!parts) return new Date(NaN);
  const [year, month, day, hours, minutes, seconds] = parts.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  if (
    local.getUTCMonth() !== month - 1 ||
    local.getUTCDate() !== day ||
    hours > 23 ||
    minutes > 59 ||
    seconds > 59
  )
    return new Date(NaN);
  const asUtc = local.setUTCHours(hours, minutes, seconds, Number((parts[7] ?? '').padEnd(3, '0')));
  const offsetAt = (instant: number) => tzOffset(timeZone, new Date(instant)) * 60_000;
  // The offset at the wall clock read as UTC is a guess; the offset at the instant it gives settles it.
  const guess = offsetAt(asUtc);
  const settled = offsetAt(asUtc - guess);
  if (settled === guess) return new Date(asUtc - guess);
  const again = offsetAt(asUtc - settled);
  return new Date(asUtc - (again === settled ? settled : Math.max(settled, again)));
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of an instant in `timeZone`, `yyyy-MM-dd`. It runs for every row of a post request, so it
 * keeps one Intl formatter per time zone (formatting through date-fns costs 10-40 us a call).
 */
export function formatDay(value: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  let year = '';
  let month = '';
  let day = '';
  for (const part of format.formatToParts(value)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}

/**
 * An inclusive range of whole days in `timeZone` as instants: [start of fromDate, start of the day after toDate).
 * Either end may be open.
 */
export function dayRange(
  range: { fromDate?: string | undefined; toDate?: string | undefined },
  timeZone: string,
): { start?: Date; endExclusive?: Date } {
  const out: { start?: Date; endExclusive?: Date } = {};
  if (range.fromDate) out.start = instantOfWallClock(`${range.fromDate}T00:00:00`, timeZone);
  if (range.toDate) out.endExclusive = instantOfWallClock(`${nextDay(range.toDate)}T00:00:00`, timeZone);
  return out;
}

/**
 * The calendar day after `yyyy-MM-dd`, computed in UTC so the machine's own time zone cannot shift it (after
 * 9999-12-31 comes +010000-01-01).
 */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().split('T')[0]!;
}

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
