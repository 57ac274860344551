import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedUser, CreateUserBody } from '@ff/contract';
import { api } from '@/lib/api-client';

export async function createUser(body: CreateUserBody): Promise<CreatedUser> {
  const response = await api.post<CreatedUser>('/users', body);
  return response.data;
}

/** On success every cached users list is refetched, whatever its filters. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
