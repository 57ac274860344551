import type { CreatedUser, CreateUserBody } from '@ff/contract';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/list-query';

export async function createUser(body: CreateUserBody): Promise<CreatedUser> {
  const response = await api.post<CreatedUser>('/users', body);
  return response.data;
}

/** On success every cached users list is refetched, whatever its filters. */
export const useCreateUser = () => useRefetchingMutation(createUser, ['users']);
