import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOf, listQuery, pageOf, postResult, RECORD_KIND_NAMES, type RecordKindName } from '@ff/contract';
import type { Db } from '../../db/client.js';
import { dayRange } from '../../lib/time.js';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { PostingService } from '../posting/posting.service.js';
import type { BoundKinds } from './bound-kinds.js';
import { listViewOf, pageRequestOf } from './list-view.js';
import type { RecordsRepository } from './records.repository.js';

/**
 * GET lists "still to post" and POST posts (or, for a queued kind, queues), per kind of the registry
 * (docs/spec/product-spec.md section 7). A list with `page` or `perPage` answers one page and its meta;
 * without both, the spec's full array, streamed (docs/decisions/013-server-side-lists.md).
 */
export function registerRecordRoutes(
  app: FastifyInstance,
  deps: {
    records: RecordsRepository;
    posting: PostingService;
    kinds: BoundKinds;
    timeZone: string;
    /** Enqueues a queued kind's jobs inside the claiming transaction; undefined when this process has no queue. */
    enqueueVas?: ((tx: Db, ids: number[]) => Promise<void>) | undefined;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { records, posting, kinds, timeZone } = deps;

  function routesOf<K extends RecordKindName>(kind: K) {
    const { entry } = kinds[kind];
    r.get(
      entry.apiPath,
      {
        config: { access: { auth: 'user', permission: entry.permissions.view } },
        schema: {
          querystring: listQuery,
          response: { 200: z.union([listOf(entry.row), pageOf(entry.row)]) },
        },
      },
      async (request, reply) => {
        const view = listViewOf(kind, request.query);
        const range = dayRange(request.query, timeZone);
        const page = pageRequestOf(request.query);
        // The row type is the kind's (RecordRowOf<K>); TypeScript cannot relate it to the generic schema's.
        if (page) return (await records.page(kind, range, view, page)) as never;
        // Already JSON (a string, or a stream of its bytes): sent as it is, past the typed response schema.
        const body = await records.fullList(kind, range, view);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );
    r.post(
      entry.apiPath,
      {
        config: { access: { auth: 'user', permission: entry.permissions.post } },
        schema: { body: entry.body, response: { 200: postResult, 422: postResult } },
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

  for (const kind of RECORD_KIND_NAMES) routesOf(kind);
}
