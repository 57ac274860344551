import { z } from 'zod';
import { dateTimeString, idText, isoDay } from './common.js';

/**
 * Reconciliation with SAP (issue 11): a run compares our posted records with the SAP documents carrying our
 * idempotency keys over a range of posting dates, and lists every difference.
 */

/** The longest range one run may cover, in days (toDate - fromDate). */
export const RECONCILIATION_MAX_DAYS = 366;

export const RECONCILIATION_DIFFERENCE_TYPES = [
  'missing_in_sap',
  'cancelled_in_sap',
  'not_posted_here',
  'duplicate_in_sap',
  'amount_differs',
  'date_differs',
] as const;
export type ReconciliationDifferenceType = (typeof RECONCILIATION_DIFFERENCE_TYPES)[number];

export const RECONCILIATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const RECONCILIATION_TRIGGERS = ['user', 'nightly', 'cli'] as const;

const dayCount = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** `POST /api/v1/reconciliations`: the range of posting dates to compare (inclusive). */
export const reconciliationStartBody = z
  .object({ fromDate: isoDay, toDate: isoDay })
  .refine((b) => b.fromDate <= b.toDate, {
    message: 'From Date must not be after To Date.',
    path: ['toDate'],
  })
  .refine((b) => b.fromDate > b.toDate || dayCount(b.fromDate, b.toDate) <= RECONCILIATION_MAX_DAYS, {
    message: `A reconciliation covers at most ${RECONCILIATION_MAX_DAYS} days.`,
    path: ['toDate'],
  });
export type ReconciliationStartBody = z.infer<typeof reconciliationStartBody>;

/** How many postings matched and how many differences of each type a run found. */
export const reconciliationSummary = z.object({
  matched: z.number().int(),
  missingInSap: z.number().int(),
  cancelledInSap: z.number().int(),
  notPostedHere: z.number().int(),
  duplicateInSap: z.number().int(),
  amountDiffers: z.number().int(),
  dateDiffers: z.number().int(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

/** One side of a comparison: the amount (decimal string) and posting date ('YYYY-MM-DD'). */
const reconciliationSide = z.object({ amount: z.string().nullable(), postingDate: z.string().nullable() });

export const reconciliationDifference = z.object({
  type: z.enum(RECONCILIATION_DIFFERENCE_TYPES),
  /** The list API name of the kind (`journalCashAdvance`), null when the key names no kind of ours. */
  kind: z.string().nullable(),
  recordId: z.number().int().nullable(),
  tripNumber: z.string().nullable(),
  idempotencyKey: z.string(),
  sapDocEntry: z.number().int().nullable(),
  sapDocNum: z.number().int().nullable(),
  ours: reconciliationSide.nullable(),
  sap: reconciliationSide.nullable(),
  /** A sentence naming the trip and kind: "TRP-2026-000123 (cash advance record): ...". */
  message: z.string(),
  /** "In SAP but not posted here" on a record that exists and is unposted or failed: adopt SAP's document. */
  adoptable: z.boolean(),
  /**
   * The currency both sides' amounts are in when the document is in a foreign currency (issue 25: compared in that
   * currency); null or absent (runs before issue 25): the company's local currency.
   */
  currency: z.string().nullable().optional(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;

export const reconciliationRun = z.object({
  id: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  trigger: z.enum(RECONCILIATION_TRIGGERS),
  /** Who started it (user name); null for the nightly run and the command line. */
  startedBy: z.string().nullable(),
  /** When it was started and when it ended: `yyyy-MM-dd HH:mm:ss` in APP_TIMEZONE, as every server date-time. */
  createdAt: dateTimeString,
  finishedAt: dateTimeString.nullable(),
  /** The run's counts, every kind's: numbers only, no trip, key or amount. */
  summary: reconciliationSummary.nullable(),
  error: z.string().nullable(),
  /**
   * How many of the run's differences are not shown to the caller: those of kinds whose View permission they
   * lack, and SAP documents no kind can be named for unless they may view every kind.
   */
  hiddenDifferences: z.number().int(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/** A difference as answered: `index` is its number in the run, the one `.../differences/{index}/adopt` takes. */
export const reconciliationShownDifference = reconciliationDifference.extend({ index: z.number().int() });
export type ReconciliationShownDifference = z.infer<typeof reconciliationShownDifference>;

export const reconciliationRunDetail = reconciliationRun.extend({
  /** The differences of the kinds the caller may view, in the run's order. */
  differences: z.array(reconciliationShownDifference),
});
export type ReconciliationRunDetail = z.infer<typeof reconciliationRunDetail>;

export const reconciliationRunAnswer = z.object({ data: reconciliationRun });
export const reconciliationRunList = z.object({ data: z.array(reconciliationRun) });
export const reconciliationRunDetailAnswer = z.object({ data: reconciliationRunDetail });

/** `/reconciliations/{id}/differences/{index}/adopt`. */
export const reconciliationDifferenceParams = z.object({
  id: idText(),
  index: z
    .string()
    .regex(/^(0|[1-9][0-9]*)$/, 'The difference must be given by its number, in digits only.')
    .transform(Number)
    .pipe(z.number().max(1_000_000, 'This reconciliation has no such difference.')),
});
