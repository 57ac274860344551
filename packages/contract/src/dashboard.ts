import { z } from 'zod';
import { isoDay } from './common.js';
import { RECORD_KINDS_PLAIN } from './kinds.js';

/** A money total as exact decimal text with 2 places, e.g. "1500.00" (never a binary float). */
const moneyText = z.string().regex(/^-?\d+\.\d{2}$/);

/** How long a record has waited, in whole days since its document date (in the application's time zone). */
export const AGING_BUCKETS = ['0-7', '8-30', '31-60', '60+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const apiNames = Object.values(RECORD_KINDS_PLAIN).map((entry) => entry.apiName) as [string, ...string[]];

/**
 * The records of one foreign currency among a figure's records (issue 25): how many and their total in that
 * currency. A figure's own `amount` is the company's local currency only, so no total adds KES to USD.
 */
export const currencyFigure = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  count: z.number().int().min(0),
  amount: moneyText,
});
export type CurrencyFigure = z.infer<typeof currencyFigure>;
/** The figure's foreign-currency records, one entry per currency in code order; empty when all are local. */
const currencies = z.array(currencyFigure);

/** One kind's figures: every field counts the kind's own step (a transporter invoice has two). */
export const dashboardKindSummary = z.object({
  /** The kind's list API name (`journalSaleInvoice`, ...), as `GET /api/v1/{kind}` names it. */
  kind: z.enum(apiNames),
  /**
   * Rows still to post (unposted or failed), whatever their date: the spec's dashboard count. Every `count`
   * counts the records of all currencies; every `amount` totals the local currency's (records without a
   * currency, or in SAP's local one), and `currencies` each foreign currency's.
   */
  awaiting: z.object({ count: z.number().int().min(0), amount: moneyText, currencies }),
  /** The awaiting rows by days since their document date, in AGING_BUCKETS order, every bucket present. */
  aging: z.array(
    z.object({
      bucket: z.enum(AGING_BUCKETS),
      count: z.number().int().min(0),
      amount: moneyText,
      currencies,
    }),
  ),
  /** Posted per day for the last 30 days (today included), oldest first, every day present (zero-filled). */
  postedPerDay: z.array(
    z.object({ day: isoDay, count: z.number().int().min(0), amount: moneyText, currencies }),
  ),
  /** Rows whose last posting failed (they are among the awaiting). */
  failed: z.number().int().min(0),
  /** Rows queued for posting and not yet sent (queued kinds only; 0 for the others). */
  queued: z.number().int().min(0),
});
export type DashboardKindSummary = z.infer<typeof dashboardKindSummary>;

/**
 * `GET /api/v1/dashboard` (issue 13): one entry per kind the user may view (their View permission), in the
 * registry's order; a user who may view none gets an empty list, not a 403.
 */
export const dashboardSummary = z.object({
  kinds: z.array(dashboardKindSummary),
  /** When the figures were read, `yyyy-MM-dd HH:mm:ss` in the application's time zone. */
  generatedAt: z.string(),
  /** Today in the application's time zone: the last day of `postedPerDay` and the aging's reference day. */
  today: isoDay,
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
