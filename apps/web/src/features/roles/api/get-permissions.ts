import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, Permission } from '@ff/contract';
import { api } from '@/lib/api-client';

export async function getPermissions(): Promise<Permission[]> {
  const response = await api.get<ListResponse<Permission>>('/permissions');
  return response.data.data;
}

export const getPermissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['permissions'] as const,
    queryFn: getPermissions,
    // The catalogue is seeded and changes only with a release.
    staleTime: 5 * 60_000,
  });

export const usePermissions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPermissionsQueryOptions(), enabled });
