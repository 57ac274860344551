import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createRoleBody,
  dateRangeQuery,
  permissionList,
  PERMISSIONS,
  role,
  roleDetail,
  roleList,
  rolePermissionsBody,
} from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import type { RolesService } from './roles.service.js';
import { createSchema, recordSchema, toggleSchema } from './manage-schemas.js';

export function registerRoleRoutes(app: FastifyInstance, service: RolesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { auth: 'user' as const, permission: PERMISSIONS.manageRoles };
  // The Add User form needs the role options, so user managers may list roles too.
  const list = { auth: 'user' as const, permission: [PERMISSIONS.manageRoles, PERMISSIONS.manageUsers] };

  r.get(
    '/api/v1/roles',
    { config: { access: list }, schema: { querystring: dateRangeQuery, response: { 200: roleList } } },
    async (request) => ({
      data: await service.list(request.query),
    }),
  );

  r.get(
    '/api/v1/permissions',
    { config: { access: manage }, schema: { response: { 200: permissionList } } },
    async () => ({
      data: await service.permissions(),
    }),
  );

  const create = createSchema(
    createRoleBody,
    role,
    'Refused: the name is taken, or a permission is unknown.',
  );
  r.post('/api/v1/roles', { config: { access: manage }, schema: create }, async (request, reply) =>
    reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  );

  const toggle = toggleSchema(
    role,
    'The role does not exist.',
    'Refused: disabling the Administrator role, or the role you hold.',
  );
  r.patch('/api/v1/toggleRoles/:id', { config: { access: manage }, schema: toggle }, async (request) =>
    service.setActive(request.params.id, request.body.toggleStatus, auditContextOf(request)),
  );

  // Issue 12: view (like the list, user managers too) and edit (role managers) a role's permissions.
  const detail = recordSchema({ answer: roleDetail, missing: 'The role does not exist.' });
  r.get('/api/v1/roles/:id', { config: { access: list }, schema: detail }, async (request) =>
    service.detail(request.params.id),
  );
  const permissions = recordSchema({
    answer: roleDetail,
    missing: 'The role does not exist.',
    refused:
      'Refused: no permission, an unknown permission id, the Administrator role, or Manage Roles taken from your own role.',
  });
  r.put(
    '/api/v1/roles/:id/permissions',
    { config: { access: manage }, schema: { ...permissions, body: rolePermissionsBody } },
    async (request) => service.setPermissions(request.params.id, request.body, auditContextOf(request)),
  );
}
