import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  messageBody,
  PERMISSIONS,
  reversePostingAnswer,
  reversePostingBody,
  validationErrorBody,
} from '@ff/contract';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { ReversalService } from './reversal.service.js';

/** `POST /api/v1/postings/{id}/reverse`: cancel a posting's SAP document (permission Reverse Postings). */
export function registerReversalRoute(app: FastifyInstance, service: ReversalService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/postings/:id/reverse',
    {
      config: { access: { auth: 'user', permission: PERMISSIONS.reversePostings } },
      schema: {
        params: idParam,
        body: reversePostingBody,
        response: {
          200: reversePostingAnswer.describe('Cancelled in SAP; the record is back in its list.'),
          404: messageBody.describe('No posting has this id, or none of a kind the caller may view.'),
          409: messageBody.describe('A reversal of this posting is already running.'),
          422: validationErrorBody
            .or(messageBody)
            .describe(
              'The reason is missing or too short or long; the posting cannot be reversed now (not posted, already reversed, its second journal stands); or SAP refused or did not confirm the cancellation (SAP’s words).',
            ),
        },
      },
    },
    (request) =>
      service.reverse(
        request.params.id,
        request.body.reason,
        auditContextOf(request),
        currentUserOf(request).permissions,
      ),
  );
}
