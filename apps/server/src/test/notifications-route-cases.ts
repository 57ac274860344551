import type { RouteCase } from './route-case.js';

/**
 * The security cases of the bell and the digest preference (issue 11). The caller is any signed-in user with
 * no notifications of their own, so marking one read answers the 404 of a notification that is not theirs
 * (marking read is tested in modules/notifications/*.int.test.ts).
 */
export function notificationsRouteCases(): Record<string, RouteCase> {
  const answers = (
    url: string,
    status: number,
    body?: unknown,
    query?: Record<string, string>,
  ): RouteCase => ({
    valid: async () => ({
      url,
      status,
      ...(body === undefined ? {} : { body }),
      ...(query ? { query } : {}),
    }),
  });
  return {
    'GET /api/v1/notifications': answers('/api/v1/notifications', 200, undefined, { unread: '1' }),
    'GET /api/v1/notifications/unread-count': answers('/api/v1/notifications/unread-count', 200),
    'POST /api/v1/notifications/:id/read': answers('/api/v1/notifications/2147483000/read', 404),
    'POST /api/v1/notifications/read-all': answers('/api/v1/notifications/read-all', 204),
    'GET /api/v1/account/notifications': answers('/api/v1/account/notifications', 200),
    'PUT /api/v1/account/notifications': answers('/api/v1/account/notifications', 200, {
      emailDigest: false,
    }),
  };
}
