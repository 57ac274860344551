import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';

/**
 * Resolves the posting date a user picked to SAP's posting day in the application's time zone and checks
 * spec section 5: not later than now, not earlier than the row's document date (compared by day).
 * Accepts 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm:ss' (local to the time zone) or an ISO instant with an offset.
 */
export function resolvePostingDate(
  input: string,
  documentDate: Date,
  timeZone: string,
  now: Date = new Date(),
): { day: string } | { error: string } {
  const trimmed = input.trim();
  let instant: Date;
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) instant = fromZonedTime(`${trimmed}T00:00:00`, timeZone);
  else if (/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) instant = new Date(trimmed.replace(' ', 'T'));
  else instant = fromZonedTime(trimmed.replace(' ', 'T'), timeZone);
  if (Number.isNaN(instant.getTime())) return { error: 'The posting date is not a valid date.' };

  const day = formatInTimeZone(instant, timeZone, 'yyyy-MM-dd');
  // A typed date must be a real one (2026-02-30 would silently roll over).
  if (/^\d{4}-\d{2}-\d{2}/.test(trimmed) && !/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) && day !== trimmed.slice(0, 10)) {
    return { error: 'The posting date is not a valid date.' };
  }
  const today = formatInTimeZone(now, timeZone, 'yyyy-MM-dd');
  if (day > today || instant.getTime() > now.getTime() + 60_000) {
    return { error: 'The posting date cannot be in the future.' };
  }
  const documentDay = formatInTimeZone(documentDate, timeZone, 'yyyy-MM-dd');
  if (day < documentDay) return { error: `The posting date cannot be before the document date (${documentDay}).` };
  return { day };
}
