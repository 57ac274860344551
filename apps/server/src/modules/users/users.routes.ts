import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createdUser, createUserBody, dateRangeQuery, PERMISSIONS, user, userList } from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import { createSchema, toggleSchema } from '../roles/manage-schemas.js';
import type { UsersService } from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, service: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { auth: 'user' as const, permission: PERMISSIONS.manageUsers };

  r.get(
    '/api/v1/users',
    { config: { access }, schema: { querystring: dateRangeQuery, response: { 200: userList } } },
    async (request) => ({
      data: await service.list(request.query),
    }),
  );

  const create = createSchema(
    createUserBody,
    createdUser,
    'Refused: the email is taken, or the role does not exist or is disabled.',
  );
  r.post('/api/v1/users', { config: { access }, schema: create }, async (request, reply) =>
    reply.code(201).send(await service.create(request.body, auditContextOf(request))),
  );

  const toggle = toggleSchema(
    user,
    'The user does not exist.',
    'Refused: disabling your own account, or the last active administrator.',
  );
  r.patch('/api/v1/toggleUser/:id', { config: { access }, schema: toggle }, async (request) =>
    service.setActive(request.params.id, request.body.toggleStatus, auditContextOf(request)),
  );
}
