import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, Role } from '@ff/contract';
import { api } from '@/lib/api-client';

export async function getRoles(filters: DateRangeQuery = {}): Promise<Role[]> {
  const response = await api.get<ListResponse<Role>>('/roles', { params: filters });
  return response.data.data;
}

export const rolesQueryKey = (filters: DateRangeQuery = {}) => ['roles', 'list', filters] as const;

export const getRolesQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: rolesQueryKey(filters),
    queryFn: () => getRoles(filters),
  });

export const useRoles = (filters: DateRangeQuery = {}) => useQuery(getRolesQueryOptions(filters));
