import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dimensionSettings, PERMISSIONS } from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import type { DimensionsService } from './dimensions.js';

/** Settings > Dimensions (issue 25): `GET` and `PUT /api/v1/settings/dimensions`, for Manage Settings. */
export function registerDimensionRoutes(app: FastifyInstance, service: DimensionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageSettings };
  const answer = z.object({ data: dimensionSettings });

  r.get(
    '/api/v1/settings/dimensions',
    { config: { access }, schema: { response: { 200: answer } } },
    async () => ({ data: await service.read() }),
  );
  r.put(
    '/api/v1/settings/dimensions',
    {
      config: { access },
      schema: { body: dimensionSettings, response: { 200: answer.extend({ message: z.string() }) } },
    },
    async (request) => ({
      message: 'Dimensions saved.',
      data: await service.save(request.body, auditContextOf(request)),
    }),
  );
}
