import pLimit from 'p-limit';
import { daysBetween, type CurrencyRateDays } from '@ff/contract';
import { reasonOf } from '../../lib/errors.js';
import type { CurrencyRates } from '../posting/currency-rates.js';

/** SAP's rate calls in flight at once for one range. */
export const RATE_DAYS_CONCURRENCY = 4;
/**
 * How long a day SAP has no rate for answers the picker from memory: opening pickers does not ask SAP about
 * every day again each time, and a rate entered in SAP shows within this long. A post always asks SAP afresh.
 */
export const MISSING_RATE_KEEP_MS = 30_000;

export class RatesUnavailable extends Error {
  constructor(reason: string) {
    super(`SAP's exchange rates could not be read: ${reason.replace(/\.$/, '')}. Try again in a moment.`);
    this.name = 'RatesUnavailable';
  }
}

/**
 * SAP's rate of a currency for each day of a range, for the posting-date picker of a record in that currency
 * (issue 25, docs/decisions/024-currencies.md): SAP's local currency needs no rate (no SAP call per day); the
 * other days are asked of SAP a few at a time, through the post's own rates (`modules/posting/currency-rates.ts`:
 * a rate SAP answered is kept 5 minutes, a missing day MISSING_RATE_KEEP_MS for this reader only). When SAP
 * cannot be asked, throws RatesUnavailable.
 */
export function createRateDays(deps: { rates: Pick<CurrencyRates, 'local' | 'rate'> }) {
  return {
    async read(currency: string, from: string, to: string): Promise<CurrencyRateDays> {
      const limit = pLimit(RATE_DAYS_CONCURRENCY);
      try {
        if (currency === (await deps.rates.local())) return { currency, local: true, days: [] };
        const days = await Promise.all(
          daysBetween(from, to).map((day) =>
            limit(async () => ({
              day,
              rate: await deps.rates.rate(currency, day, { keepMissingMs: MISSING_RATE_KEEP_MS }),
            })),
          ),
        );
        return { currency, local: false, days };
      } catch (error) {
        // The first failure ends the range: the days not yet asked are not asked.
        limit.clearQueue();
        throw new RatesUnavailable(reasonOf(error));
      }
    },
  };
}

export type RateDays = ReturnType<typeof createRateDays>;
