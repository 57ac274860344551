import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_EVENT_TYPES,
  auditActorList,
  auditEntryList,
  auditEntryPage,
  auditEventTypeList,
  auditQuery,
  PERMISSIONS,
} from '@ff/contract';
import type { AuditService } from './audit.service.js';

/**
 * The audit log (docs/spec/product-spec.md: `GET /audits` with fromDate, toDate answers `{data: [...]}`), and
 * beside it the filters of issue 12: user, event type, search and paging, with the filter's choices.
 */
export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { auth: 'user' as const, permission: PERMISSIONS.viewAuditLogs } };
  r.get(
    '/api/v1/audits',
    {
      config: access,
      schema: { querystring: auditQuery, response: { 200: z.union([auditEntryPage, auditEntryList]) } },
    },
    async (request, reply) => {
      const answer = await audit.list(request.query);
      if (typeof answer === 'object' && 'meta' in answer) return answer;
      // The full array is already JSON (a string, or a stream of its bytes): sent as it is, past the typed schema.
      return reply.type('application/json; charset=utf-8').send(answer as never);
    },
  );
  r.get(
    '/api/v1/audits/event-types',
    { config: access, schema: { response: { 200: auditEventTypeList } } },
    async () => ({ data: [...AUDIT_EVENT_TYPES] }),
  );
  r.get(
    '/api/v1/audits/actors',
    { config: access, schema: { response: { 200: auditActorList } } },
    async () => ({ data: await audit.actors() }),
  );
}
