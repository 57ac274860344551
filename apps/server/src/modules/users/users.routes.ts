import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createUserBody, dateRangeQuery, idParam, PERMISSIONS, toggleStatusBody } from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import type { UsersService } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, service: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageUsers };

  r.get('/api/v1/users', { config: { access }, schema: { querystring: dateRangeQuery } }, async (request) => ({
    data: await service.list(request.query),
  }));

  r.post('/api/v1/users', { config: { access }, schema: { body: createUserBody } }, async (request, reply) =>
    reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  );

  r.patch(
    '/api/v1/toggleUser/:id',
    { config: { access }, schema: { params: idParam, body: toggleStatusBody } },
    async (request) => service.setActive(request.params.id, request.body.toggleStatus, auditContextOf(request)),
  );
}
