import { useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, User } from '@ff/contract';
import { getList } from '@/lib/list-query';

export const getUsers = (filters: DateRangeQuery = {}) => getList<User>('/users', filters);

export const usersQueryKey = (filters: DateRangeQuery = {}) => ['users', filters] as const;

export const useUsers = (filters: DateRangeQuery = {}) =>
  useQuery({ queryKey: usersQueryKey(filters), queryFn: () => getUsers(filters) });
