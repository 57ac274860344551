import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleBody, Role } from '@ff/contract';
import { api } from '@/lib/api-client';

export async function createRole(body: CreateRoleBody): Promise<Role> {
  const response = await api.post<Role>('/roles', body);
  return response.data;
}

/** On success every cached roles query is refetched, whatever its filters. */
export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
}
