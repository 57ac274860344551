import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntryList, dateRangeQuery, PERMISSIONS } from '@ff/contract';
import type { AuditService } from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/audits',
    {
      config: { access: { auth: 'user', permission: PERMISSIONS.viewAuditLogs } },
      schema: { querystring: dateRangeQuery, response: { 200: auditEntryList } },
    },
    async (request) => ({ data: await audit.list(request.query) }),
  );
}
