import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession } from '@ff/contract';
import { api } from '@/lib/api-client';

export const sessionsQueryKey = ['account', 'sessions'] as const;

/** `GET /api/v1/account/sessions`: the user's own sessions, newest first, this one marked `current`. */
export async function getAccountSessions(): Promise<AccountSession[]> {
  const response = await api.get<{ data: AccountSession[] }>('/account/sessions');
  return response.data.data;
}

export const useAccountSessions = () => useQuery({ queryKey: sessionsQueryKey, queryFn: getAccountSessions });

/** `DELETE /api/v1/account/sessions/{id}` (204): that browser is signed out on its next request. */
export async function endAccountSession(id: string): Promise<void> {
  await api.delete(`/account/sessions/${encodeURIComponent(id)}`);
}

/** `POST /api/v1/account/sessions/sign-out-others`: how many sessions were ended. */
export async function signOutOtherSessions(): Promise<{ ended: number }> {
  const response = await api.post<{ ended: number }>('/account/sessions/sign-out-others');
  return response.data;
}

function useSessionsMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export const useEndAccountSession = () => useSessionsMutation(endAccountSession);
export const useSignOutOtherSessions = () => useSessionsMutation(signOutOtherSessions);
