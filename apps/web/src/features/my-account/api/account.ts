import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountProfile, ChangePasswordBody, UpdateAccountBody } from '@ff/contract';
import { api } from '@/lib/api-client';
import { currentUserQueryKey } from '@/lib/auth/current-user';

export const accountQueryKey = ['account'] as const;

/** `GET /api/v1/account`: the signed-in user's own account (the object itself, not wrapped in `data`). */
export async function getAccount(): Promise<AccountProfile> {
  const response = await api.get<AccountProfile>('/account');
  return response.data;
}

export const accountQueryOptions = () => queryOptions({ queryKey: accountQueryKey, queryFn: getAccount });

export const useAccount = () => useQuery(accountQueryOptions());

/** `PATCH /api/v1/account`: name and mobile number; answers the account. */
export async function updateAccount(body: UpdateAccountBody): Promise<AccountProfile> {
  const response = await api.patch<AccountProfile>('/account', body);
  return response.data;
}

/** Saves the profile; the header's name comes from `GET /user`, so that is re-read too. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** `PUT /api/v1/account/password`: answers `{status}`; a wrong current password is a 422 on `currentPassword`. */
export async function changePassword(body: ChangePasswordBody): Promise<{ status: string }> {
  const response = await api.put<{ status: string }>('/account/password', body);
  return response.data;
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
