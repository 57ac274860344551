import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@ff/contract';
import { patchStatus, type ToggleStatusInput } from '@/lib/toggle-status';

export const toggleUserStatus = (input: ToggleStatusInput) => patchStatus<User>('/toggleUser', input);

/** Users flip locally after success (docs/spec/product-spec.md section 4): the cached lists are patched, not refetched. */
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
