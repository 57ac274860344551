import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenList, CreateApiTokenBody, CreatedApiToken, RevokedApiToken } from '@ff/contract';
import { api } from '@/lib/api-client';

export const apiTokensQueryKey = ['settings', 'api-tokens'] as const;

/** `GET /api/v1/api-tokens` (Manage API Tokens): every token, newest first, and the imports a new one may call. */
export async function getApiTokens(): Promise<ApiTokenList> {
  return (await api.get<ApiTokenList>('/api-tokens')).data;
}

/** `POST /api/v1/api-tokens` (201): the token itself, shown this once, its row and a message; 422 on a field. */
export async function postApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return (await api.post<CreatedApiToken>('/api-tokens', body)).data;
}

/** `DELETE /api/v1/api-tokens/{id}`: the revoked row and a message; 404 unknown, 409 already revoked. */
export async function deleteApiToken(id: number): Promise<RevokedApiToken> {
  return (await api.delete<RevokedApiToken>(`/api-tokens/${id}`)).data;
}

export const useApiTokens = () => useQuery({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });

/** A change to the tokens: the list is loaded again afterwards, whatever the answer (a 409 means it changed). */
function useApiTokenMutation<A, R>(mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export const useCreateApiToken = () => useApiTokenMutation(postApiToken);
export const useRevokeApiToken = () => useApiTokenMutation(deleteApiToken);
