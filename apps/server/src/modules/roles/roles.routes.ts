import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRoleBody, dateRangeQuery, idParam, PERMISSIONS, toggleStatusBody } from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import type { RolesService } from './roles.service.js';

export function registerRoleRoutes(app: FastifyInstance, service: RolesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { auth: 'user' as const, permission: PERMISSIONS.manageRoles };
  // The Add User form needs the role options, so user managers may list roles too.
  const list = { auth: 'user' as const, permission: [PERMISSIONS.manageRoles, PERMISSIONS.manageUsers] };

  r.get('/api/v1/roles', { config: { access: list }, schema: { querystring: dateRangeQuery } }, async (request) => ({
    data: await service.list(request.query),
  }));

  r.get('/api/v1/permissions', { config: { access: manage } }, async () => ({ data: await service.permissions() }));

  r.post('/api/v1/roles', { config: { access: manage }, schema: { body: createRoleBody } }, async (request, reply) =>
    reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  );

  r.patch(
    '/api/v1/toggleRoles/:id',
    { config: { access: manage }, schema: { params: idParam, body: toggleStatusBody } },
    async (request) => service.setActive(request.params.id, request.body.toggleStatus, auditContextOf(request)),
  );
}
