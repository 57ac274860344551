import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postResult, RECORD_KIND_NAMES, validationErrorBody, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { BoundKinds } from './bound-kinds.js';
import type { PostingService } from './posting.service.js';

/**
 * "Post to SAP": `POST {apiPath}` of each kind of the registry posts the body's rows (or, for a queued kind,
 * queues them) and answers the spec's result (docs/spec/product-spec.md sections 7 and 8). The lists on the
 * same paths are the records module's (records.routes.ts).
 */
export function registerPostingRoutes(
  app: FastifyInstance,
  deps: {
    posting: PostingService;
    kinds: BoundKinds;
    /** Enqueues a queued kind's jobs inside the claiming transaction; undefined when this process has no queue. */
    enqueueVas?: ((tx: Db, ids: number[]) => Promise<void>) | undefined;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { posting, kinds } = deps;
  // 422 is either of two answers (issue 23: the document declared only the first): every row refused, with the
  // spec's result; or a body that failed validation, one message per field.
  const refused = z
    .union([
      postResult.describe('No row could be posted: the result, each row with its reason.'),
      validationErrorBody.describe('The body failed validation: one message per field.'),
    ])
    .describe('No row could be posted, or the body failed validation.');

  function routeOf<K extends RecordKindName>(kind: K) {
    const { entry } = kinds[kind];
    r.post(
      entry.apiPath,
      {
        config: { access: { auth: 'user', permission: entry.permissions.post } },
        schema: { body: entry.body, response: { 200: postResult, 422: refused } },
      },
      async (request, reply) => {
        const permissions = currentUserOf(request).permissions;
        const result = await posting.submit(
          kinds[kind],
          request.body as never,
          auditContextOf(request),
          permissions,
          deps.enqueueVas,
        );
        return reply.code(result.status).send(result.body);
      },
    );
  }

  for (const kind of RECORD_KIND_NAMES) routeOf(kind);
}
