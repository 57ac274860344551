import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSummary, RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { currentUserOf } from '../../plugins/access.js';
import type { DashboardRepository } from './dashboard.repository.js';

/**
 * `GET /api/v1/dashboard` (issue 13): the figures of every kind the signed-in user may view (its View
 * permission), in the registry's order; a user who may view none gets `kinds: []` rather than a 403, so the
 * dashboard opens for everyone and shows what they may see.
 */
export function registerDashboardRoutes(app: FastifyInstance, dashboard: DashboardRepository) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/dashboard',
    {
      config: { access: { auth: 'user', permission: null } },
      schema: { response: { 200: dashboardSummary } },
    },
    async (request) => {
      const { permissions } = currentUserOf(request);
      const visible = RECORD_KIND_NAMES.filter((kind) =>
        permissions.includes(RECORD_KINDS_PLAIN[kind].permissions.view),
      );
      return dashboard.summary(visible);
    },
  );
}
