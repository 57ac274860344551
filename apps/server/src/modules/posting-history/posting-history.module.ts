import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  messageBody,
  postingDetailBody,
  postingHistoryQuery,
  postingPage,
  postingSummary,
  postingSummaryQuery,
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  reversedRecordsBody,
  reversedRecordsQuery,
  type PermissionName,
} from '@ff/contract';
import type { AfterPostingDeps } from '../../after-posting-deps.js';
import { currentUserOf } from '../../plugins/access.js';
import { createPostingHistoryService } from './posting-history.service.js';

/** The posting history: `GET /api/v1/postings`, `/postings/summary` and `/postings/{id}` (issue 11). */
export function createPostingHistoryModule(deps: AfterPostingDeps) {
  return createPostingHistoryService(deps.db, deps.env.APP_TIMEZONE);
}

export type PostingHistoryModule = ReturnType<typeof createPostingHistoryModule>;

/** Any kind's View permission opens the history; each answer holds only the kinds the user may view. */
export const POSTING_HISTORY_ACCESS: readonly PermissionName[] = [
  ...new Set(RECORD_KIND_NAMES.map((name) => RECORD_KINDS_PLAIN[name].permissions.view)),
];

export function registerPostingHistoryRoutes(app: FastifyInstance, history: PostingHistoryModule) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { auth: 'user' as const, permission: POSTING_HISTORY_ACCESS } };
  r.get(
    '/api/v1/postings',
    { config: access, schema: { querystring: postingHistoryQuery, response: { 200: postingPage } } },
    async (request) => history.list(request.query, currentUserOf(request).permissions),
  );
  r.get(
    '/api/v1/postings/summary',
    { config: access, schema: { querystring: postingSummaryQuery, response: { 200: postingSummary } } },
    async (request) => ({
      data: await history.summary(currentUserOf(request).permissions, request.query.kind),
    }),
  );
  r.get(
    '/api/v1/postings/reversed',
    {
      config: access,
      schema: {
        querystring: reversedRecordsQuery,
        response: { 200: reversedRecordsBody },
      },
    },
    async (request) => ({
      data: await history.reversedRecords(
        request.query.kind,
        request.query.recordIds,
        currentUserOf(request).permissions,
      ),
    }),
  );
  r.get(
    '/api/v1/postings/:id',
    {
      config: access,
      schema: { params: idParam, response: { 200: postingDetailBody, 404: messageBody } },
    },
    async (request, reply) => {
      const detail = await history.detail(request.params.id, currentUserOf(request).permissions);
      if (!detail) return reply.code(404).send({ message: 'There is no posting with this id.' });
      return { data: detail };
    },
  );
}
