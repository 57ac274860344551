import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import {
  dateRangeQuery,
  PERMISSIONS,
  POSTING_MESSAGES,
  postCashAdvancesBody,
  postFirstJournalBody,
  postFuelAdvancesBody,
  postSalesInvoicesBody,
  postSecondJournalBody,
  postVasTransactionsBody,
  type PermissionName,
} from '@ff/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/errors.js';
import { dayRange } from '../../lib/time.js';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { PostingService, RowRequest, KindRules } from '../posting/posting.service.js';
import { POSTING_STEPS, type PostingStep } from '../posting/posting-steps.js';
import type { RecordsRepository } from './records.repository.js';
import type { RecordKinds } from './record-kinds.js';
import { vasFigures, withoutLosses } from './kinds/vas-transactions.js';

const userWith = (permission: PermissionName) => ({ auth: 'user' as const, permission });

/** GET lists "still to post" and POST posts, per kind (spec section 7). */
export function registerRecordRoutes(
  app: FastifyInstance,
  deps: {
    records: RecordsRepository;
    posting: PostingService;
    kinds: RecordKinds;
    timeZone: string;
    /** Enqueues VAS jobs inside the claiming transaction; undefined when this process has no queue. */
    enqueueVas?: ((tx: Db, ids: number[]) => Promise<void>) | undefined;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { records, posting, kinds, timeZone } = deps;
  const list = <T>(path: string, permission: PermissionName, load: (range: ReturnType<typeof dayRange>) => Promise<T[]>) =>
    r.get(path, { config: { access: userWith(permission) }, schema: { querystring: dateRangeQuery } }, async (request) => ({
      data: await load(dayRange(request.query, timeZone)),
    }));

  list('/api/v1/journalSaleInvoice', PERMISSIONS.viewSalesInvoices, records.salesInvoices);
  list('/api/v1/firstJournalTransporterInvoice', PERMISSIONS.viewTransporterInvoices, records.firstJournal);
  list('/api/v1/secondJournalTransporterInvoice', PERMISSIONS.viewTransporterInvoices, records.secondJournal);
  list('/api/v1/journalCashAdvance', PERMISSIONS.viewCashAdvances, records.cashAdvances);
  list('/api/v1/journalFuelAdvance', PERMISSIONS.viewFuelAdvances, records.fuelAdvances);
  list('/api/v1/journalVasTransaction', PERMISSIONS.viewVasTransactions, records.vasTransactions);

  const post = <B, I>(
    path: string,
    permission: PermissionName,
    schema: ZodType<B>,
    step: PostingStep,
    toRequests: (body: B) => RowRequest<I>[],
    rules: KindRules<I>,
    messages: { success: string },
  ) =>
    r.post(path, { config: { access: userWith(permission) }, schema: { body: schema } }, async (request, reply) => {
      const result = await posting.post(step, toRequests(request.body as B), rules, auditContextOf(request), messages);
      return reply.code(result.status).send(result.body);
    });

  post('/api/v1/journalSaleInvoice', PERMISSIONS.postSalesInvoices, postSalesInvoicesBody, POSTING_STEPS.SI, kinds.sales.requests, kinds.sales.rules, POSTING_MESSAGES.sales);
  post('/api/v1/firstJournalTransporterInvoice', PERMISSIONS.postTransporterInvoices, postFirstJournalBody, POSTING_STEPS.FJ, kinds.firstJournal.requests, kinds.firstJournal.rules, POSTING_MESSAGES.firstJournal);
  post('/api/v1/secondJournalTransporterInvoice', PERMISSIONS.postTransporterInvoices, postSecondJournalBody, POSTING_STEPS.SJ, kinds.secondJournal.requests, kinds.secondJournal.rules, POSTING_MESSAGES.secondJournal);
  post('/api/v1/journalCashAdvance', PERMISSIONS.postCashAdvances, postCashAdvancesBody, POSTING_STEPS.CA, kinds.cash.requests, kinds.cash.rules, POSTING_MESSAGES.cash);
  post('/api/v1/journalFuelAdvance', PERMISSIONS.postFuelAdvances, postFuelAdvancesBody, POSTING_STEPS.FA, kinds.fuel.requests, kinds.fuel.rules, POSTING_MESSAGES.fuel);

  // VAS posts are queued: a loss (negative margin) needs Post Loss for the whole request (403 otherwise).
  r.post(
    '/api/v1/journalVasTransaction',
    { config: { access: userWith(PERMISSIONS.postVasTransactions) }, schema: { body: postVasTransactionsBody } },
    async (request, reply) => {
      if (!deps.enqueueVas) throw new HttpError(503, 'The posting queue is not running; try again shortly.');
      const body = request.body;
      const mayPostLoss = currentUserOf(request).permissions.includes(PERMISSIONS.postLoss);
      if (!mayPostLoss) {
        const prices = new Map((await records.vasPrices(body.postSap.map((e) => e.vasTransactionId))).map((p) => [p.id, p]));
        const loss = body.postSap.some((e) => {
          const row = prices.get(e.vasTransactionId);
          return row !== undefined && vasFigures(row, e.collectedQuantity).margin < 0n;
        });
        if (loss) throw new HttpError(403, POSTING_MESSAGES.loss);
      }
      const result = await posting.queue(
        POSTING_STEPS.VAS,
        kinds.vas.requests(body),
        mayPostLoss ? kinds.vas.rules : withoutLosses(kinds.vas.rules),
        auditContextOf(request),
        deps.enqueueVas,
        POSTING_MESSAGES.vas,
      );
      return reply.code(result.status).send(result.body);
    },
  );
}
