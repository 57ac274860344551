import { z } from 'zod';
import { isoDay } from './common.js';
import { RATE_DAYS_MAX } from './currency-rates-plain.js';

const DAY_MS = 86_400_000;
const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
/** ISO 4217's active codes as the runtime knows them (the import checks the same list), read once when first asked. */
let iso4217: Set<string> | undefined;
const isIso4217 = (code: string) => (iso4217 ??= new Set(Intl.supportedValuesOf('currency'))).has(code);

/**
 * `GET /api/v1/currency-rates?currency=USD&from=2026-11-01&to=2026-11-30` (any signed-in user): SAP's rate of
 * `currency` for each day of the range (at most RATE_DAYS_MAX days), for the posting-date picker of a record in
 * that currency. A day SAP has no rate for is null: posting on it is refused. 503 `{message}` when SAP cannot be
 * asked.
 */
export const currencyRatesQuery = z
  .object({
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (code) => /^[A-Z]{3}$/.test(code) && isIso4217(code),
        'The currency must be an ISO 4217 code (e.g. USD or KES).',
      ),
    from: isoDay,
    to: isoDay,
  })
  .refine((query) => query.from <= query.to, { message: 'From must not be after To.', path: ['to'] })
  .refine((query) => query.from > query.to || dayCount(query.from, query.to) <= RATE_DAYS_MAX, {
    message: `The range may cover at most ${RATE_DAYS_MAX} days.`,
    path: ['to'],
  });
export type CurrencyRatesQuery = z.infer<typeof currencyRatesQuery>;

export const currencyRatesAnswer = z.object({
  data: z.object({
    currency: z.string(),
    local: z.boolean(),
    days: z.array(z.object({ day: isoDay, rate: z.string().nullable() })),
  }),
});
export type CurrencyRatesAnswer = z.infer<typeof currencyRatesAnswer>;
