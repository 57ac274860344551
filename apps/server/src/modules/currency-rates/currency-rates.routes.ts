import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currencyRatesAnswer, currencyRatesQuery, messageBody } from '@ff/contract';
import { HttpError } from '../../lib/errors.js';
import type { CurrencyRates } from '../posting/currency-rates.js';
import { createRateDays, RatesUnavailable } from './rate-days.js';

/**
 * `GET /api/v1/currency-rates?currency=USD&from=yyyy-MM-dd&to=yyyy-MM-dd` (any signed-in user, issue 25): SAP's
 * rate of the currency for each day of the range, null where SAP has none, so the posting-date picker of a record
 * in that currency disables the days a post would be refused on. 503 when SAP cannot be asked.
 */
export function registerCurrencyRatesRoutes(app: FastifyInstance, rates: CurrencyRates) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateDays = createRateDays({ rates });

  r.get(
    '/api/v1/currency-rates',
    {
      config: { access: { auth: 'user', permission: null }, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        querystring: currencyRatesQuery,
        response: {
          200: currencyRatesAnswer,
          503: messageBody.describe('SAP cannot be asked for its exchange rates.'),
        },
      },
    },
    async (request) => {
      const { currency, from, to } = request.query;
      try {
        return { data: await rateDays.read(currency, from, to) };
      } catch (error) {
        if (error instanceof RatesUnavailable) throw new HttpError(503, error.message);
        throw error;
      }
    },
  );
}
