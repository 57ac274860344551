import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, User } from '@ff/contract';
import { api } from '@/lib/api-client';

export async function getUsers(filters: DateRangeQuery = {}): Promise<User[]> {
  const response = await api.get<ListResponse<User>>('/users', { params: filters });
  return response.data.data;
}

export const usersQueryKey = (filters: DateRangeQuery = {}) => ['users', filters] as const;

export const getUsersQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: usersQueryKey(filters),
    queryFn: () => getUsers(filters),
  });

export const useUsers = (filters: DateRangeQuery = {}) => useQuery(getUsersQueryOptions(filters));
