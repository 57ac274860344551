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

/**
 * `/api/v1/reconciliations...`: start, list and read runs, adopt SAP's document; "Run Reconciliation". Runs are
 * answered with the differences of the kinds the caller may view; adopting also needs the kind's Post
 * permission, checked by the service once the difference names the kind (a route declares one set of
 * permissions, any of which lets a caller through).
 */
export function registerReconciliationRoutesOn(app: FastifyInstance, service: ReconciliationService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { auth: 'user' as const, permission: PERMISSIONS.runReconciliation } };
  const callerOf = (request: Parameters<typeof auditContextOf>[0]) => ({
    userId: currentUserOf(request).id,
    permissions: currentUserOf(request).permissions,
    context: auditContextOf(request),
  });
  const permissionsOf = (request: Parameters<typeof currentUserOf>[0]) => currentUserOf(request).permissions;

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
    async (request) => ({ data: await service.list(permissionsOf(request)) }),
  );

  r.get(
    '/api/v1/reconciliations/:id',
    {
      config,
      schema: {
        params: idParam,
        response: {
          200: reconciliationRunDetailAnswer.describe(
            'The run, with the differences of kinds the caller may view.',
          ),
          404: messageBody.describe('No such run.'),
        },
      },
    },
    async (request) => ({ data: await service.get(request.params.id, permissionsOf(request)) }),
  );

  r.post(
    '/api/v1/reconciliations/:id/differences/:index/adopt',
    {
      config,
      schema: {
        params: reconciliationDifferenceParams,
        response: {
          200: messageBody.describe("Adopted: the record is posted with SAP's document."),
          403: messageBody.describe("Without the Post permission of the difference's kind."),
          404: messageBody.describe('No such run, or no such difference of a kind the caller may view.'),
          409: messageBody.describe('The record changed since the run; run it again.'),
          422: messageBody.describe(
            "This difference cannot be adopted, or SAP's document is not for the record's amount and date.",
          ),
        },
      },
    },
    async (request) => service.adopt(request.params.id, request.params.index, callerOf(request)),
  );
}
