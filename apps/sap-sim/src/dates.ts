/**
 * Dates are stored as `yyyy-MM-dd` (SAP keeps no time on posting dates). Input accepts only the two forms the
 * design names, so a client sending `toISOString()` output (with milliseconds) learns it here, not in production.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

/** Returns `yyyy-MM-dd`, or undefined when the text is not one of the accepted forms or not a real day. */
export function parseSapDate(text: string): string | undefined {
  const match = DATE_ONLY.exec(text) ?? DATE_TIME_UTC.exec(text);
  if (!match) return undefined;
  const [, y, m, d, hh = '0', mm = '0', ss = '0'] = match;
  if (!isRealDate(Number(y), Number(m), Number(d))) return undefined;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  return `${y}-${m}-${d}`;
}

/** Filter literals may be either form or an OData v1 `datetime'...'` value with local time. */
export function parseFilterDate(text: string): string | undefined {
  const loose = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?)?$/.exec(text);
  return loose?.[1] ? parseSapDate(loose[1]) : undefined;
}

/** v1 returns dates as `yyyy-MM-dd`; v2 as `yyyy-MM-ddT00:00:00Z`. */
export function renderDate(date: string, version: 'v1' | 'v2'): string {
  return version === 'v2' ? `${date}T00:00:00Z` : date;
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `2026-03-15` -> `2026-03`, the posting-period key. */
export const periodOf = (date: string): string => date.slice(0, 7);
