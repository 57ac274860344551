import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageBody,
  PERMISSIONS,
  postingPeriodsAnswer,
  postingPeriodsQuery,
  RECORD_KINDS_PLAIN,
  supplierInvoiceCheckAnswer,
  supplierInvoiceCheckQuery,
} from '@ff/contract';
import type { AfterPostingDeps } from '../../after-posting-deps.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { supplierInvoiceCheck } from '../records/kinds/first-journal/supplier-invoices.js';
import { createPostingPeriodsCache, PeriodsUnavailable } from './posting-periods-cache.js';

/**
 * SAP's posting periods (issue 11): read from SAP and kept briefly, for the date pickers (`GET
 * /api/v1/posting-periods`) and for the claim of every post request (`forClaims`, which the posting service
 * takes as its `periods`), plus the first-journal tab's duplicate supplier invoice check.
 */
export function createPostingPeriodsModule(deps: AfterPostingDeps) {
  const cache = createPostingPeriodsCache({ sap: deps.sap });
  return {
    cache,
    /** The posting service's `periods` source (services.ts). */
    forClaims: (options?: { refresh?: boolean }) => cache.forClaims(options),
    supplierInvoiceCheck: (recordId: number, number: string) =>
      supplierInvoiceCheck(deps.db, recordId, number, deps.env.APP_TIMEZONE),
  };
}

export type PostingPeriodsModule = ReturnType<typeof createPostingPeriodsModule>;

const FIRST_JOURNAL = RECORD_KINDS_PLAIN.firstJournal;

export function registerPostingPeriodsRoutes(app: FastifyInstance, module: PostingPeriodsModule) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/posting-periods',
    {
      config: { access: { auth: 'user', permission: null }, rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        querystring: postingPeriodsQuery,
        response: {
          200: postingPeriodsAnswer,
          503: messageBody.describe('SAP cannot be reached and no periods were read before.'),
        },
      },
    },
    async (request) => {
      try {
        return { data: await module.cache.read({ refresh: request.query.refresh === '1' }) };
      } catch (error) {
        if (error instanceof PeriodsUnavailable) throw new HttpError(503, error.message);
        throw error;
      }
    },
  );

  r.get(
    `${FIRST_JOURNAL.apiPath}/supplier-invoice-check`,
    {
      config: { access: { auth: 'user', permission: PERMISSIONS.viewTransporterInvoices } },
      schema: {
        querystring: supplierInvoiceCheckQuery,
        response: { 200: supplierInvoiceCheckAnswer, 404: messageBody },
      },
    },
    async (request) => {
      const { transporterInvoice, number } = request.query;
      const usedOn = await module.supplierInvoiceCheck(transporterInvoice, number);
      if (!usedOn) throw notFound(`There is no ${FIRST_JOURNAL.noun.one} with this id.`);
      return { data: { usedOn } };
    },
  );
}
