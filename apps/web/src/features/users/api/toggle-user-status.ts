import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ToggleStatusBody, User } from '@ff/contract';
import { api } from '@/lib/api-client';

export interface ToggleUserStatusInput extends ToggleStatusBody {
  id: number;
}

export async function toggleUserStatus({ id, toggleStatus }: ToggleUserStatusInput): Promise<User> {
  const response = await api.patch<User>(`/toggleUser/${id}`, { toggleStatus } satisfies ToggleStatusBody);
  return response.data;
}

/** Users flip locally after success (spec section 4): the cached lists are patched, not refetched. */
export function useToggleUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleUserStatus,
    onSuccess: (updated, { id, toggleStatus }) => {
      const isActive = typeof updated?.isActive === 'boolean' ? updated.isActive : toggleStatus;
      queryClient.setQueriesData<User[]>({ queryKey: ['users'] }, (users) =>
        users?.map((user) => (user.id === id ? { ...user, isActive } : user)),
      );
    },
  });
}
