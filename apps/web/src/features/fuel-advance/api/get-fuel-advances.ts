import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, FuelAdvanceRow, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** `GET /journalFuelAdvance`: the fuel advances still to post (unposted or failed). */
export async function getFuelAdvances(filters: DateRangeQuery = {}): Promise<FuelAdvanceRow[]> {
  const response = await api.get<ListResponse<FuelAdvanceRow>>('/journalFuelAdvance', { params: filters });
  return response.data.data;
}

export const fuelAdvancesQueryKey = (filters: DateRangeQuery = {}) => ['fuel-advances', filters] as const;

export const getFuelAdvancesQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: fuelAdvancesQueryKey(filters),
    queryFn: () => getFuelAdvances(filters),
    // Keep the rows while a new filter loads, so the drafts of rows listed again survive.
    placeholderData: keepPreviousData,
  });

export const useFuelAdvances = (filters: DateRangeQuery = {}) =>
  useQuery(getFuelAdvancesQueryOptions(filters));
