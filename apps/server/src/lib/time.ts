import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Server date-times: `yyyy-MM-dd HH:mm:ss` in the application's time zone (spec section 3). */
export function formatDateTime(value: Date, timeZone: string): string {
  return formatInTimeZone(value, timeZone, 'yyyy-MM-dd HH:mm:ss');
}

export function formatDay(value: Date, timeZone: string): string {
  return formatInTimeZone(value, timeZone, 'yyyy-MM-dd');
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
  if (range.fromDate) out.start = fromZonedTime(`${range.fromDate}T00:00:00`, timeZone);
  if (range.toDate) out.endExclusive = fromZonedTime(`${nextDay(range.toDate)}T00:00:00`, timeZone);
  return out;
}

/** The calendar day after `yyyy-MM-dd`, computed in UTC so the machine's own time zone cannot shift it. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}
