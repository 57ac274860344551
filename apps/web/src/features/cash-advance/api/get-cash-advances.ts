import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CashAdvanceRow, DateRangeQuery, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** `GET /journalCashAdvance`: the cash advances still to post (unposted or failed). */
export async function getCashAdvances(filters: DateRangeQuery = {}): Promise<CashAdvanceRow[]> {
  const response = await api.get<ListResponse<CashAdvanceRow>>('/journalCashAdvance', { params: filters });
  return response.data.data;
}

export const cashAdvancesQueryKey = (filters: DateRangeQuery = {}) => ['cash-advances', filters] as const;

export const getCashAdvancesQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: cashAdvancesQueryKey(filters),
    queryFn: () => getCashAdvances(filters),
    // Keep the rows while a new filter loads, so the drafts of rows listed again survive.
    placeholderData: keepPreviousData,
  });

export const useCashAdvances = (filters: DateRangeQuery = {}) =>
  useQuery(getCashAdvancesQueryOptions(filters));
