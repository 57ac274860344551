import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, SecondJournalRow } from '@ff/contract';
import { api } from '@/lib/api-client';

/** Transporter invoices whose first journal is posted and whose second is still to post. */
export async function getSecondJournal(filters: DateRangeQuery = {}): Promise<SecondJournalRow[]> {
  const response = await api.get<ListResponse<SecondJournalRow>>('/secondJournalTransporterInvoice', {
    params: filters,
  });
  return response.data.data;
}

export const secondJournalQueryKey = (filters: DateRangeQuery = {}) =>
  ['transporter-invoices', 'second-journal', filters] as const;

export const getSecondJournalQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: secondJournalQueryKey(filters),
    queryFn: () => getSecondJournal(filters),
    placeholderData: keepPreviousData,
  });

export const useSecondJournal = (filters: DateRangeQuery = {}) =>
  useQuery(getSecondJournalQueryOptions(filters));
