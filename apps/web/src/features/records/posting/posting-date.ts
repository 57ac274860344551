import dayjs from 'dayjs';
import { serverClockAt, serverWallClock } from '@/lib/server-clock';
import type { SelectedRow } from './posting-kind';
import type { PostingDraft } from './use-posting-rows';

/**
 * Posting-date rules of docs/spec/product-spec.md sections 4, 5 and 9: a row's posting date defaults to now (date and time)
 * when it has none, and must lie between the row's document date and now.
 */

const SERVER_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/**
 * A server date-time ('yyyy-MM-dd HH:mm:ss') or day as a Date; null when empty or unreadable. It is the
 * server's wall clock (APP_TIMEZONE, lib/server-time.ts): a first journal posted on 30 Nov in Nairobi starts at
 * 21:00 UTC on 29 Nov, which a browser on UTC must not read as its own 30 Nov (still to come).
 */
export function parseServerDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // The server's own format, read directly: a page checks 100 rows' document dates at each render.
  const match = SERVER_DATE_TIME.exec(value);
  if (match) {
    const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
    return serverWallClock(
      Number(year),
      Number(month),
      Number(day),
      Number(hour),
      Number(minute),
      Number(second),
    );
  }
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.toDate() : null;
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The row's stored posting date, else now. The server keeps a posting DAY ('yyyy-MM-dd': SAP books days),
 * so a row that comes back (failed) would read as midnight: it gets that day at the current time of day
 * instead, kept between the document date and now (issue 12, defect 9).
 */
export function initialPostingDate(
  stored: string | null | undefined,
  now: Date = new Date(),
  documentDate?: string | null,
): Date {
  const parsed = parseServerDate(stored);
  if (!parsed) return now;
  if (!stored || !DAY_ONLY.test(stored.trim())) return parsed;
  // That day on the server's clock, at the server's current time of day.
  const { hour, minute } = serverClockAt(now);
  const [year, month, day] = stored.trim().split('-').map(Number) as [number, number, number];
  return clampPostingDate(serverWallClock(year, month, day, hour, minute), documentDate, now);
}

/** A date pulled back into [document date, now]: what the picker would make of it. */
export function clampPostingDate(
  date: Date,
  documentDate: string | null | undefined,
  now: Date = new Date(),
) {
  if (date.getTime() > now.getTime()) return now;
  const earliest = parseServerDate(documentDate);
  if (earliest && date.getTime() < earliest.getTime()) return earliest;
  return date;
}

/** The draft of a row whose only input is its posting date (sales invoices, second journal). */
export const initialDatedDraft = (row: {
  postingDate: string | null;
  documentDate: string;
}): PostingDraft => ({
  postingDate: initialPostingDate(row.postingDate, new Date(), row.documentDate),
});

/** docs/spec/product-spec.md section 5 for such a row: a posting date between its document date and now. */
export const isDatedDraftReady = (row: { documentDate: string }, draft: PostingDraft) =>
  isPostingDateValid(draft.postingDate, row.documentDate);

/**
 * The post body of rows whose only input is the posting date: each entry is the row's id under `idField`,
 * then its posting date.
 */
export const toDatedBody =
  <F extends string>(idField: F) =>
  (selected: SelectedRow<{ id: number }, PostingDraft>[]) => ({
    postSap: selected.map(
      ({ row, draft }) =>
        ({
          [idField]: row.id,
          // Selected rows are ready, so their posting date is set.
          postingDate: toPostingDateValue(draft.postingDate!),
        }) as Record<F, number> & { postingDate: string },
    ),
  });

/** Set, not before the document date and not after now. */
export function isPostingDateValid(
  postingDate: Date | null | undefined,
  documentDate: string | null | undefined,
  now: Date = new Date(),
): postingDate is Date {
  if (!postingDate || Number.isNaN(postingDate.getTime())) return false;
  if (postingDate.getTime() > now.getTime()) return false;
  const earliest = parseServerDate(documentDate);
  return !earliest || postingDate.getTime() >= earliest.getTime();
}

/**
 * The posting date as the post bodies send it: an ISO instant with the browser's offset
 * ('2026-11-21T10:30:00+03:00'), so the server reads the moment the user chose whatever its time zone.
 */
export function toPostingDateValue(date: Date): string {
  return dayjs(date).format();
}
