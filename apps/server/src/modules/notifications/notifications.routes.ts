import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParam,
  messageBody,
  noContent,
  notificationList,
  notificationListQuery,
  notificationPreferences,
  notificationUnreadCount,
} from '@ff/contract';
import { auditContextOf, currentUserOf } from '../../plugins/access.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * The bell (`/api/v1/notifications...`) and the digest preference (`/api/v1/account/notifications`): every
 * signed-in user, for their own notifications only.
 */
export function registerNotificationsRoutes(app: FastifyInstance, service: NotificationsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { auth: 'user' as const, permission: null } };
  const me = (request: Parameters<typeof currentUserOf>[0]) => currentUserOf(request).id;

  r.get(
    '/api/v1/notifications',
    { config, schema: { querystring: notificationListQuery, response: { 200: notificationList } } },
    (request) => service.list(me(request), request.query.unread === '1'),
  );

  r.get(
    '/api/v1/notifications/unread-count',
    { config, schema: { response: { 200: notificationUnreadCount } } },
    (request) => service.unreadCount(me(request)),
  );

  r.post(
    '/api/v1/notifications/:id/read',
    {
      config,
      schema: {
        params: idParam,
        response: {
          204: noContent.describe('Marked read (a notification read before keeps its first read time).'),
          404: messageBody.describe('No notification of yours has this id.'),
        },
      },
    },
    async (request, reply) => {
      await service.markRead(me(request), request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/v1/notifications/read-all',
    { config, schema: { response: { 204: noContent.describe('Every notification of yours is read.') } } },
    async (request, reply) => {
      await service.markAllRead(me(request));
      return reply.code(204).send();
    },
  );

  r.get(
    '/api/v1/account/notifications',
    { config, schema: { response: { 200: notificationPreferences } } },
    (request) => service.preferences(me(request)),
  );

  r.put(
    '/api/v1/account/notifications',
    { config, schema: { body: notificationPreferences, response: { 200: notificationPreferences } } },
    (request) => service.setPreferences(me(request), request.body.emailDigest, auditContextOf(request)),
  );
}
