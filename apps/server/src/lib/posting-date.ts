import { isValid, parseISO } from 'date-fns';
import { POSTING_DATE_PATTERN, postingDateProblem } from '@ff/contract/plain';
import { formatDay, instantOfWallClock } from './time.js';

type Resolved = { day: string } | { error: string };

/**
 * Resolves the posting date a user picked to SAP's posting day in the application's time zone and checks
 * docs/spec/product-spec.md section 5: not later than now, not earlier than the row's document date (compared by day).
 * Accepts 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm[:ss[.SSS]]' (local to the time zone) or either with an offset.
 */
export function resolvePostingDate(
  input: string,
  documentDate: Date,
  timeZone: string,
  now: Date = new Date(),
): Resolved {
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
    const parts = POSTING_DATE_PATTERN.exec(trimmed);
    // The calendar date, time and offset are real ones in every form (2026-09-31T10:00Z would roll over to
    // October 1st): the contract's rule, so the resolver and the request schema never disagree.
    if (!parts || postingDateProblem(trimmed)) return { error: 'The posting date is not a valid date.' };
    const [, date, time, offset] = parts;
    const wallClock = `${date}T${time ?? '00:00'}`;
    const instant = offset ? parseISO(`${wallClock}${offset}`) : instantOfWallClock(wallClock, timeZone);
    if (!isValid(instant)) return { error: 'The posting date is not a valid date.' };
    const day = formatDay(instant, timeZone);
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
    if (date.day < documentDay)
      return { error: `The posting date cannot be before the document date (${documentDay}).` };
    return { day: date.day };
  };
}
