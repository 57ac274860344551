import { z } from 'zod';
import { dateRangeFields, datesInOrder, dateTimeString } from './common.js';
import { pageOf, perPageParam, searchParam } from './list-pages.js';
import { RECORD_KINDS_PLAIN } from './kinds.js';

/**
 * The posting history (issue 11): one row per posting, i.e. one generation of one record's journal step (every
 * posting_attempts row of the same kind, record and generation). A generation ends `reversed` once its SAP
 * document was cancelled; the record's next posting is the next generation, with a key of its own.
 */
export const POSTING_HISTORY_STATUSES = ['queued', 'posting', 'posted', 'failed', 'reversed'] as const;
export type PostingHistoryStatus = (typeof POSTING_HISTORY_STATUSES)[number];

/** The kinds by their list API names (`journalCashAdvance`, ...), as the history's `kind` filter and rows name them. */
export const POSTING_KIND_API_NAMES = Object.values(RECORD_KINDS_PLAIN).map((entry) => entry.apiName) as [
  string,
  ...string[],
];

/** `GET /api/v1/postings`'s query: every filter optional; newest first; 50 rows a page unless told. */
export const postingHistoryQuery = z
  .object({
    ...dateRangeFields,
    kind: z
      .enum(POSTING_KIND_API_NAMES, {
        error: `The kind must be one of: ${POSTING_KIND_API_NAMES.join(', ')}.`,
      })
      .optional(),
    status: z
      .enum(POSTING_HISTORY_STATUSES, {
        error: `The status must be one of: ${POSTING_HISTORY_STATUSES.join(', ')}.`,
      })
      .optional(),
    search: searchParam,
    /**
     * Only postings whose latest outcome came at or after this instant ("failed in the last 24 hours"): an ISO
     * date-time with its offset, as the client computes it (the answers' times are server date-times).
     */
    since: z.iso.datetime({ offset: true, error: 'since must be an ISO date-time.' }).optional(),
    page: z.coerce
      .number({ error: 'The page must be a whole number from 1.' })
      .int('The page must be a whole number from 1.')
      .min(1, 'The page must be a whole number from 1.')
      .max(1_000_000, 'The page must be a whole number from 1.')
      .optional(),
    perPage: perPageParam,
  })
  .refine(...datesInOrder);
export type PostingHistoryQuery = z.infer<typeof postingHistoryQuery>;

export const postingRow = z.object({
  /** The posting's first attempt id (stable). */
  id: z.number().int(),
  /** The kind's list API name, e.g. `journalCashAdvance`. */
  kind: z.string(),
  recordId: z.number().int(),
  tripNumber: z.string().nullable(),
  /** Decimal string, in `currency`. */
  amount: z.string().nullable(),
  /** The record's ISO 4217 currency; null: the company's local currency (issue 25). */
  currency: z.string().nullable(),
  /**
   * SAP's VAT and gross of the posted document as SAP computed them, decimal strings in `currency` (its net is
   * gross - VAT; issue 25). Only on a posting whose SAP document has them (a sales invoice with a VAT group);
   * absent on every other (journals, invoices without VAT), whose amount is all there is.
   */
  vat: z.string().nullable().optional(),
  gross: z.string().nullable().optional(),
  postingDate: z.string().nullable(),
  status: z.enum(POSTING_HISTORY_STATUSES),
  sapDocEntry: z.number().int().nullable(),
  sapDocNum: z.number().int().nullable(),
  idempotencyKey: z.string(),
  postedBy: z.string().nullable(),
  /**
   * When it was posted: a server date-time, `yyyy-MM-dd HH:mm:ss` in APP_TIMEZONE (spec section 3), not an
   * instant: every screen shows the server's time, whatever the browser's time zone.
   */
  postedAt: dateTimeString.nullable(),
  message: z.string().nullable(),
  reversedBy: z.string().nullable(),
  /** When SAP confirmed the cancellation, `yyyy-MM-dd HH:mm:ss` in APP_TIMEZONE. */
  reversedAt: dateTimeString.nullable(),
});
export type PostingRow = z.infer<typeof postingRow>;

/** `GET /api/v1/postings`: one page, newest first. */
export const postingPage = pageOf(postingRow);

export const POSTING_TIMELINE_EVENTS = [
  'claimed',
  'sent',
  'outcome_unknown',
  'looked_up',
  'posted',
  'failed',
  'reversal_requested',
  'reversal_sent',
  'reversed',
  'reversal_failed',
] as const;
export type PostingTimelineEvent = (typeof POSTING_TIMELINE_EVENTS)[number];

export const postingTimelineItem = z.object({
  event: z.enum(POSTING_TIMELINE_EVENTS),
  /** `yyyy-MM-dd HH:mm:ss` in APP_TIMEZONE, to the second (the steps come in order, not sorted by it). */
  at: dateTimeString,
  actor: z.string().nullable(),
  detail: z.string().nullable(),
});
export type PostingTimelineItem = z.infer<typeof postingTimelineItem>;

/** `GET /api/v1/postings/{id}`: the row, what happened to it in order, and what was sent to SAP. */
export const postingDetail = postingRow.extend({
  timeline: z.array(postingTimelineItem),
  /** The SAP payload of the last attempt: `{entity, referenceField, payload}`; null before anything was built. */
  document: z.record(z.string(), z.unknown()).nullable(),
  reversible: z.boolean(),
  notReversibleReason: z.string().nullable(),
});
export type PostingDetail = z.infer<typeof postingDetail>;
export const postingDetailBody = z.object({ data: postingDetail });

/** `GET /api/v1/postings/summary?kind=`: what the VAS screen shows of its queue. */
export const postingSummaryQuery = z.object({
  kind: z
    .enum(POSTING_KIND_API_NAMES, {
      error: `The kind must be one of: ${POSTING_KIND_API_NAMES.join(', ')}.`,
    })
    .optional(),
});
export const postingSummary = z.object({
  data: z.object({ queued: z.number().int().min(0), failedLast24h: z.number().int().min(0) }),
});
export type PostingSummary = z.infer<typeof postingSummary>['data'];
