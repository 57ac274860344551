import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, VasTransactionRow } from '@ff/contract';
import { api } from '@/lib/api-client';

/** `GET /journalVasTransaction`: the VAS transactions still to post (unposted or failed; queued ones leave). */
export async function getVasTransactions(filters: DateRangeQuery = {}): Promise<VasTransactionRow[]> {
  const response = await api.get<ListResponse<VasTransactionRow>>('/journalVasTransaction', {
    params: filters,
  });
  return response.data.data;
}

export const vasTransactionsQueryKey = (filters: DateRangeQuery = {}) =>
  ['vas-transactions', filters] as const;

export const getVasTransactionsQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: vasTransactionsQueryKey(filters),
    queryFn: () => getVasTransactions(filters),
    // Keep the rows while a new filter loads, so the drafts of rows listed again survive.
    placeholderData: keepPreviousData,
  });

export const useVasTransactions = (filters: DateRangeQuery = {}) =>
  useQuery(getVasTransactionsQueryOptions(filters));
