import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, ToggleStatusBody } from '@ff/contract';
import { api } from '@/lib/api-client';

export interface ToggleRoleStatusInput extends ToggleStatusBody {
  id: number;
}

export async function toggleRoleStatus({ id, toggleStatus }: ToggleRoleStatusInput): Promise<Role> {
  const response = await api.patch<Role>(`/toggleRoles/${id}`, { toggleStatus } satisfies ToggleStatusBody);
  return response.data;
}

/** Roles are refetched after a status change (spec section 4), unlike users which flip locally. */
export function useToggleRoleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleRoleStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
