import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listOf,
  listQuery,
  pageOf,
  RECORD_KIND_NAMES,
  RECORD_KINDS,
  type RecordKindName,
} from '@ff/contract';
import { HttpError } from '../../lib/errors.js';
import { overCapMessage } from '../../lib/list-stream.js';
import { dayRange } from '../../lib/time.js';
import { listViewOf, pageRequestOf } from './list-view.js';
import type { RecordsRepository } from './records.repository.js';

/**
 * GET lists "still to post", per kind of the registry (docs/spec/product-spec.md section 7); the POST on the
 * same path is the posting module's (posting/posting.routes.ts). A list with `page` or `perPage` answers one page and its meta;
 * without both, the spec's full array, streamed (docs/decisions/013-server-side-lists.md).
 */
export function registerRecordRoutes(
  app: FastifyInstance,
  deps: {
    records: RecordsRepository;
    timeZone: string;
    /** The most rows the unpaged form answers (LIST_ROW_CAP); past it, 422. */
    rowCap: number;
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { records, timeZone, rowCap } = deps;

  function routesOf<K extends RecordKindName>(kind: K) {
    const entry = RECORD_KINDS[kind];
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
        if ((await records.countUpTo(kind, range, view, rowCap + 1)) > rowCap)
          throw new HttpError(
            422,
            overCapMessage(`The list of ${entry.noun.many}`, rowCap, 'records for these dates and search'),
          );
        // Already JSON (a string, or a stream of its bytes): sent as it is, past the typed response schema.
        const body = await records.fullList(kind, range, view);
        return reply.type('application/json; charset=utf-8').send(body as never);
      },
    );
  }

  for (const kind of RECORD_KIND_NAMES) routesOf(kind);
}
