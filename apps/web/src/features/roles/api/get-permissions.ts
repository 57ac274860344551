import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@ff/contract';
import { getList } from '@/lib/list-query';

export const getPermissions = () => getList<Permission>('/permissions');

export const usePermissions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: ['permissions'] as const,
    queryFn: getPermissions,
    // The catalogue is seeded and changes only with a release.
    staleTime: 5 * 60_000,
    enabled,
  });
