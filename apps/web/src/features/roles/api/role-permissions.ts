import { useQuery } from '@tanstack/react-query';
import type { RoleDetail, RolePermissionsBody } from '@ff/contract';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/list-query';

/** `GET /api/v1/roles/{id}`: the role with its permissions' ids. */
export async function getRole(id: number): Promise<RoleDetail> {
  return (await api.get<RoleDetail>(`/roles/${id}`)).data;
}

export const useRole = (id: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ['roles', 'detail', id] as const, queryFn: () => getRole(id), enabled });

export type SetRolePermissionsInput = { id: number; body: RolePermissionsBody };

/** `PUT /api/v1/roles/{id}/permissions`: the role's whole new set of permissions. */
export async function setRolePermissions({ id, body }: SetRolePermissionsInput): Promise<RoleDetail> {
  return (await api.put<RoleDetail>(`/roles/${id}/permissions`, body)).data;
}

/** On success every cached roles query (lists, details, the Add User role options) is refetched. */
export const useSetRolePermissions = () => useRefetchingMutation(setRolePermissions, ['roles']);
