import type { CreateRoleBody, Role } from '@ff/contract';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/list-query';

export async function createRole(body: CreateRoleBody): Promise<Role> {
  const response = await api.post<Role>('/roles', body);
  return response.data;
}

/** On success every cached roles query is refetched, whatever its filters. */
export const useCreateRole = () => useRefetchingMutation(createRole, ['roles']);
