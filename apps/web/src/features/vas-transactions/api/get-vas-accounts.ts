import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, LedgerAccount, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

type VasAccountType = Extract<AccountType, 'Vas Transaction Revenue' | 'Vas Transaction Cost'>;

/** `GET /accounts?accountType=...`: the VAS revenue or cost accounts. */
export async function getVasAccounts(accountType: VasAccountType): Promise<LedgerAccount[]> {
  const response = await api.get<ListResponse<LedgerAccount>>('/accounts', { params: { accountType } });
  return response.data.data;
}

export const getVasAccountsQueryOptions = (accountType: VasAccountType) =>
  queryOptions({
    queryKey: ['accounts', accountType] as const,
    queryFn: () => getVasAccounts(accountType),
    staleTime: 5 * 60_000,
  });

export const useVasRevenueAccounts = () => useQuery(getVasAccountsQueryOptions('Vas Transaction Revenue'));
export const useVasCostAccounts = () => useQuery(getVasAccountsQueryOptions('Vas Transaction Cost'));
