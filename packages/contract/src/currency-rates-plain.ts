/**
 * SAP's daily exchange rates as the posting-date picker reads them (issue 25, docs/decisions/024-currencies.md),
 * zod-free so the web's picker and the server's refusal say the same sentence: `GET /api/v1/currency-rates`
 * answers these, `currency-rates.ts` holds the schemas.
 */

/** Why a record in `currency` cannot be posted on `day` ('yyyy-MM-dd'): the server's refusal and the picker's title. */
export const noRateMessage = (currency: string, day: string) =>
  `No ${currency} rate for ${day} in SAP: enter it in SAP's exchange rates first.`;

/** The most days one `GET /api/v1/currency-rates` covers (from and to included). */
export const RATE_DAYS_MAX = 62;

/** One day of the range: SAP's rate (local currency per unit of `currency`, a decimal string), or null when SAP has none. */
export type RateDay = { day: string; rate: string | null };

/**
 * The `data` of `GET /api/v1/currency-rates`: `local` true when `currency` is SAP's local currency (no rate
 * applies and `days` is empty); otherwise one entry per day of the range, in order.
 */
export type CurrencyRateDays = { currency: string; local: boolean; days: RateDay[] };

/** The days from `from` to `to` ('yyyy-MM-dd', both included), in order; [] when `from` is after `to`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}
