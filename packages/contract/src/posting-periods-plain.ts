/**
 * SAP's posting periods as we show them (issue 11), zod-free so the web's date picker reads the same words
 * as the server's refusals: `GET /api/v1/posting-periods` answers these, `posting-periods.ts` holds the schemas.
 */
export const POSTING_PERIOD_STATUSES = ['open', 'locked', 'closed'] as const;
export type PostingPeriodStatus = (typeof POSTING_PERIOD_STATUSES)[number];

/** One of SAP's finance periods: `code` 'yyyy-MM' (SAP's PeriodCode), its first and last posting days. */
export type PostingPeriod = {
  code: string;
  name: string;
  from: string;
  to: string;
  status: PostingPeriodStatus;
};

/** The period holding a posting day ('yyyy-MM-dd'), or undefined when SAP defines none for it. */
export function periodOfDay(periods: readonly PostingPeriod[], day: string): PostingPeriod | undefined {
  return periods.find((period) => period.from <= day && day <= period.to);
}

/** Why a day of this period takes no posting, or null when it is open: 'posting period 2026-10 is locked in SAP'. */
export function closedPeriodReason(period: PostingPeriod | undefined): string | null {
  if (!period || period.status === 'open') return null;
  return `posting period ${period.code} is ${period.status} in SAP`;
}

/** The picker's tooltip on a day SAP takes no posting on: 'Posting period 2026-10 is locked in SAP'. */
export function closedPeriodTitle(period: PostingPeriod | undefined): string | null {
  const reason = closedPeriodReason(period);
  return reason && reason.charAt(0).toUpperCase() + reason.slice(1);
}
