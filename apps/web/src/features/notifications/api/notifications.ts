import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@ff/contract';
import { api } from '@/lib/api-client';
import { notificationsQueryKey } from './unread-count';

/** `GET /api/v1/notifications`: the newest 50, read while the list is open. */
export function useNotificationList() {
  return useQuery({
    queryKey: [...notificationsQueryKey, 'list'],
    queryFn: async () => (await api.get<NotificationList>('/notifications')).data,
  });
}

/** `POST /api/v1/notifications/{id}/read`, or `read-all`; then the count and the list are read again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      api.post(id === 'all' ? '/notifications/read-all' : `/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
