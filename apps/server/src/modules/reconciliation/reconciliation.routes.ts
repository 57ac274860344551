import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  messageBody,
  PERMISSIONS,
  reconciliationDifferenceParams,
  reconciliationRunAnswer,
  reconciliationRunDetailAnswer,
  reconciliationRunList,
  reconciliationStartBody,
} from '@ff/contract';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { ReconciliationService } from './reconciliation.service.js';

/** `/api/v1/reconciliations...`: start, list and read runs, adopt SAP's document; "Run Reconciliation". */
export function registerReconciliationRoutesOn(app: FastifyInstance, service: ReconciliationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { auth: 'user' as const, permission: PERMISSIONS.runReconciliation } };
  const callerOf = (request: Parameters<typeof auditContextOf>[0]) => ({
    userId: currentUserOf(request).id,
    context: auditContextOf(request),
  });

  r.post(
    '/api/v1/reconciliations',
    {
      config,
      schema: {
        body: reconciliationStartBody,
        response: { 202: reconciliationRunAnswer.describe('Started: the run is queued.') },
      },
    },
    async (request, reply) => {
      const run = await service.start(request.body, callerOf(request));
      return reply.code(202).send({ data: run });
    },
  );

  r.get(
    '/api/v1/reconciliations',
    {
      config,
      schema: { response: { 200: reconciliationRunList.describe('The last 100 runs, newest first.') } },
    },
    async () => ({ data: await service.list() }),
  );

  r.get(
    '/api/v1/reconciliations/:id',
    {
      config,
      schema: {
        params: idParam,
        response: { 200: reconciliationRunDetailAnswer, 404: messageBody.describe('No such run.') },
      },
    },
    async (request) => ({ data: await service.get(request.params.id) }),
  );

  r.post(
    '/api/v1/reconciliations/:id/differences/:index/adopt',
    {
      config,
      schema: {
        params: reconciliationDifferenceParams,
        response: {
          200: messageBody.describe("Adopted: the record is posted with SAP's document."),
          404: messageBody.describe('No such run or difference.'),
          409: messageBody.describe('The record changed since the run; run it again.'),
          422: messageBody.describe('This difference cannot be adopted.'),
        },
      },
    },
    async (request) => service.adopt(request.params.id, request.params.index, callerOf(request)),
  );
}
