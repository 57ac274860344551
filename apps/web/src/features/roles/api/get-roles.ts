import { useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, Role } from '@ff/contract';
import { getList } from '@/lib/list-query';

export const getRoles = (filters: DateRangeQuery = {}) => getList<Role>('/roles', filters);

export const rolesQueryKey = (filters: DateRangeQuery = {}) => ['roles', 'list', filters] as const;

export const useRoles = (filters: DateRangeQuery = {}) =>
  useQuery({ queryKey: rolesQueryKey(filters), queryFn: () => getRoles(filters) });
