import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, Role } from '@ff/contract';
import { api } from '@/lib/api-client';

export interface RoleOption {
  id: number;
  value: string;
  label: string;
}

/** Role choices of the add-user form: active roles only, value and label both the role name (spec section 3). */
export async function getRoleOptions(): Promise<RoleOption[]> {
  const response = await api.get<ListResponse<Role>>('/roles');
  return response.data.data
    .filter((role) => role.isActive)
    .map((role) => ({ id: role.id, value: role.name, label: role.name }));
}

// Under the 'roles' prefix so that adding or toggling a role refreshes these choices too.
export const getRoleOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['roles', 'options'] as const,
    queryFn: getRoleOptions,
  });

export const useRoleOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRoleOptionsQueryOptions(), enabled });
