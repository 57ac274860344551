import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SapStatus } from '@ff/contract';
import { api } from '@/lib/api-client';

const sapStatusKey = ['sap-status'] as const;

/** `GET /api/v1/sap-status`: the SAP connection as last checked (the server asks SAP at most once a minute). */
export async function getSapStatus(refresh = false): Promise<SapStatus> {
  return (await api.get<SapStatus>('/sap-status', refresh ? { params: { refresh: '1' } } : undefined)).data;
}

/** Fresh for a minute, as on the server; a failed read is shown, not retried in a loop. */
export const sapStatusQueryOptions = () =>
  queryOptions({ queryKey: sapStatusKey, queryFn: () => getSapStatus(), staleTime: 60_000, retry: 1 });

export const useSapStatus = () => useQuery(sapStatusQueryOptions());

/** "Check again" (Manage Settings): asks SAP now and shows the answer. */
export function useRefreshSapStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => getSapStatus(true),
    onSuccess: (status) => queryClient.setQueryData(sapStatusKey, status),
  });
}
