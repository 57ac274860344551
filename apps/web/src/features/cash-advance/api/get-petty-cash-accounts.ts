import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LedgerAccount, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** `GET /accounts?accountType=petty cash`: the ledgers an advance can be paid from. */
export async function getPettyCashAccounts(): Promise<LedgerAccount[]> {
  const response = await api.get<ListResponse<LedgerAccount>>('/accounts', {
    params: { accountType: 'petty cash' },
  });
  return response.data.data;
}

// Shared key: the cash and fuel screens read the same list, so one load serves both.
export const getPettyCashAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'petty cash'] as const,
    queryFn: getPettyCashAccounts,
    staleTime: 5 * 60_000,
  });

export const usePettyCashAccounts = () => useQuery(getPettyCashAccountsQueryOptions());
