import { parseSapDate } from './dates.js';
import type { RateOverrides } from './records.js';
import { BASE_RATES } from './seed-finance.js';

/**
 * Daily exchange rates (ORTT), direct quotation: local currency per 1 unit of the foreign one. The seed is
 * computed, not stored: every day from two years before today to 60 days after it has a rate for each currency
 * in BASE_RATES, moving a little from day to day (4 decimals); /__sim/rates sets or deletes single days over it.
 * Rates are handled in millionths (SAP keeps 6 decimals on ORTT.Rate).
 */
const DAY_MS = 86_400_000;
export const RATE_WINDOW = { yearsBack: 2, daysAhead: 60 } as const;

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

function windowOf(today: string): [string, string] {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const from = new Date(Date.UTC(year - RATE_WINDOW.yearsBack, month - 1, day)).toISOString().slice(0, 10);
  const to = new Date(Date.parse(`${today}T00:00:00Z`) + RATE_WINDOW.daysAhead * DAY_MS)
    .toISOString()
    .slice(0, 10);
  return [from, to];
}

/** The computed rate of a day in micros (4 decimals), or undefined outside the window or for an unseeded code. */
export function seededRateMicros(currency: string, date: string, today: string): number | undefined {
  const base = BASE_RATES[currency];
  const [from, to] = windowOf(today);
  if (base === undefined || date < from || date > to) return undefined;
  const n = dayNumber(date);
  const factor = 1 + 0.006 * Math.sin((n * 2 * Math.PI) / 23) + 0.003 * Math.sin((n * 2 * Math.PI) / 97);
  return Math.round(base * factor * 10_000) * 100;
}

export const rateKey = (currency: string, date: string): string => `${currency}|${date}`;

/** The rate of `currency` on `date` in micros: an override if set (null = deleted), else the seed. */
export function rateMicros(
  overrides: RateOverrides,
  currency: string,
  date: string,
  today: string,
): number | undefined {
  const key = rateKey(currency, date);
  if (Object.hasOwn(overrides, key)) return overrides[key] ?? undefined;
  return seededRateMicros(currency, date, today);
}

/** SBOBobService_GetCurrencyRate dates: `yyyyMMdd` (what SAP's own samples send), `yyyy-MM-dd` or with `THH:mm:ssZ`. */
export function parseRateDate(text: string): string | undefined {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return parseSapDate(compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text);
}

/** fc cents x rate micros -> local cents, rounded half away from zero (BigInt: exact). */
export function toLocalCents(fcCents: number, micros: number): number {
  const product = BigInt(fcCents) * BigInt(micros);
  const sign = product < 0n ? -1n : 1n;
  return Number(((product * sign + 500_000n) / 1_000_000n) * sign);
}

/** local cents / rate micros -> fc cents, rounded half away from zero. */
export function toForeignCents(localCents: number, micros: number): number {
  const numerator = BigInt(localCents) * 1_000_000n;
  const divisor = BigInt(micros);
  const sign = numerator < 0n ? -1n : 1n;
  return Number(((numerator * sign * 2n + divisor) / (divisor * 2n)) * sign);
}

/** cents x percent (e.g. 16) -> cents of tax, rounded half away from zero; percent kept to 6 decimals. */
export function taxCents(netCents: number, percentMicros: number): number {
  const product = BigInt(netCents) * BigInt(percentMicros); // scale 10^2 * 10^6 * 100 (percent)
  const divisor = 100_000_000n;
  const sign = product < 0n ? -1n : 1n;
  return Number(((product * sign + divisor / 2n) / divisor) * sign);
}
