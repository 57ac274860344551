import { fromZonedTime } from 'date-fns-tz';
import { formatDay } from './time.js';

type Resolved = { day: string } | { error: string };

/**
 * Resolves the posting date a user picked to SAP's posting day in the application's time zone and checks
 * spec section 5: not later than now, not earlier than the row's document date (compared by day).
 * Accepts 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss' (local to the time zone) or an ISO instant with an offset.
 */
export function resolvePostingDate(input: string, documentDate: Date, timeZone: string, now: Date = new Date()): Resolved {
  return createPostingDateResolver(timeZone, now)(input, documentDate);
}

/**
 * `resolvePostingDate` for the rows of one request: "now" is read once, and each distinct input is parsed once
 * (a selection's rows mostly share one posting date).
 */
export function createPostingDateResolver(timeZone: string, now: Date = new Date()) {
  const today = formatDay(now, timeZone);
  const parsed = new Map<string, { instant: Date; day: string } | { error: string }>();

  function parse(input: string): { instant: Date; day: string } | { error: string } {
    const trimmed = input.trim();
    const withOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(trimmed);
    let instant: Date;
    if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) instant = fromZonedTime(`${trimmed}T00:00:00`, timeZone);
    else if (withOffset) instant = new Date(trimmed.replace(' ', 'T'));
    else instant = fromZonedTime(trimmed.replace(' ', 'T'), timeZone);
    if (Number.isNaN(instant.getTime())) return { error: 'The posting date is not a valid date.' };
    const day = formatDay(instant, timeZone);
    // A typed date must be a real one (2026-02-30 would silently roll over).
    if (/^\d{4}-\d{2}-\d{2}/.test(trimmed) && !withOffset && day !== trimmed.slice(0, 10)) {
      return { error: 'The posting date is not a valid date.' };
    }
    if (day > today || instant.getTime() > now.getTime() + 60_000) {
      return { error: 'The posting date cannot be in the future.' };
    }
    return { instant, day };
  }

  return (input: string, documentDate: Date): Resolved => {
    let date = parsed.get(input);
    if (!date) {
      date = parse(input);
      parsed.set(input, date);
    }
    if ('error' in date) return date;
    const documentDay = formatDay(documentDate, timeZone);
    if (date.day < documentDay) return { error: `The posting date cannot be before the document date (${documentDay}).` };
    return { day: date.day };
  };
}
