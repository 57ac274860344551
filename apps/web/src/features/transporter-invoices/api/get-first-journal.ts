import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, FirstJournalRow, ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** Transporter invoices whose first journal entry is still to post (unposted, or failed with `lastError`). */
export async function getFirstJournal(filters: DateRangeQuery = {}): Promise<FirstJournalRow[]> {
  const response = await api.get<ListResponse<FirstJournalRow>>('/firstJournalTransporterInvoice', {
    params: filters,
  });
  return response.data.data;
}

export const firstJournalQueryKey = (filters: DateRangeQuery = {}) =>
  ['transporter-invoices', 'first-journal', filters] as const;

export const getFirstJournalQueryOptions = (filters: DateRangeQuery = {}) =>
  queryOptions({
    queryKey: firstJournalQueryKey(filters),
    queryFn: () => getFirstJournal(filters),
    placeholderData: keepPreviousData,
  });

export const useFirstJournal = (filters: DateRangeQuery = {}) =>
  useQuery(getFirstJournalQueryOptions(filters));
