import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdUser,
  createUserBody,
  dateRangeQuery,
  PERMISSIONS,
  user,
  userList,
  updateUserBody,
  invitationSent,
} from '@ff/contract';
import { auditContextOf } from '../../plugins/access.js';
import { createSchema, recordSchema, toggleSchema } from '../roles/manage-schemas.js';
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

  // Issue 12: edit a user, resend an invitation.
  const update = recordSchema({
    answer: user,
    missing: 'The user does not exist.',
    refused: 'Refused: a field is invalid, the role is disabled, your own role, or the last administrator.',
  });
  r.patch(
    '/api/v1/users/:id',
    { config: { access }, schema: { ...update, body: updateUserBody } },
    async (request) => service.update(request.params.id, request.body, auditContextOf(request)),
  );
  const invite = recordSchema({
    answer: invitationSent,
    missing: 'The user does not exist.',
    refused: 'Refused: the user has already set a password, or is disabled.',
    throttled: 'An invitation was sent to this user less than a minute ago.',
  });
  r.post('/api/v1/users/:id/invitation', { config: { access }, schema: invite }, async (request) =>
    service.resendInvitation(request.params.id, auditContextOf(request)),
  );
}
