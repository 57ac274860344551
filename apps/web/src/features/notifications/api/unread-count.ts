import { useQuery } from '@tanstack/react-query';
import type { NotificationUnreadCount } from '@ff/contract';
import { api } from '@/lib/api-client';

/** Every query of the bell starts with this key, so marking read refreshes them all at once. */
export const notificationsQueryKey = ['notifications'] as const;

/** The unread count polls once a minute (and on window focus). */
export const UNREAD_POLL_MS = 60_000;

/** `GET /api/v1/notifications/unread-count` (the bell's badge; kept apart so the shell loads only this). */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'unread-count'],
    queryFn: async () =>
      (await api.get<NotificationUnreadCount>('/notifications/unread-count')).data.data.unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
