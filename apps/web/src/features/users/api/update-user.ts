import type { UpdateUserBody, User } from '@ff/contract';
import { api } from '@/lib/api-client';
import { useRefetchingMutation } from '@/lib/list-query';

export type UpdateUserInput = { id: number; body: UpdateUserBody };

/** `PATCH /api/v1/users/{id}`: name, mobile number and role; answers the user in the list's shape. */
export async function updateUser({ id, body }: UpdateUserInput): Promise<User> {
  const response = await api.patch<User>(`/users/${id}`, body);
  return response.data;
}

/** On success every cached users list is refetched, whatever its filters. */
export const useUpdateUser = () => useRefetchingMutation(updateUser, ['users']);
