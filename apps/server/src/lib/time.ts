import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/** Server date-times: `yyyy-MM-dd HH:mm:ss` in the application's time zone (spec section 3). */
export function formatDateTime(value: Date, timeZone: string): string {
  return formatInTimeZone(value, timeZone, 'yyyy-MM-dd HH:mm:ss');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day of an instant in `timeZone`, `yyyy-MM-dd`. It runs for every row of a post request, so it
 * keeps one Intl formatter per time zone (date-fns-tz's formatInTimeZone costs 10-40 us a call).
 */
export function formatDay(value: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
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
  if (range.fromDate) out.start = fromZonedTime(`${range.fromDate}T00:00:00`, timeZone);
  if (range.toDate) out.endExclusive = fromZonedTime(`${nextDay(range.toDate)}T00:00:00`, timeZone);
  return out;
}

/** The calendar day after `yyyy-MM-dd`, computed in UTC so the machine's own time zone cannot shift it. */
function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}
