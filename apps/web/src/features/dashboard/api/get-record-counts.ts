import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ListResponse } from '@ff/contract';
import { api } from '@/lib/api-client';

/** The four lists the dashboard counts (spec section 2), by card. */
export const COUNTED_LISTS = {
  salesInvoices: '/journalSaleInvoice',
  firstJournal: '/firstJournalTransporterInvoice',
  secondJournal: '/secondJournalTransporterInvoice',
  vasTransactions: '/journalVasTransaction',
} as const;

export type CountedList = keyof typeof COUNTED_LISTS;

/** The number of records in a list, fetched without params (spec section 7). */
export async function getRecordCount(list: CountedList): Promise<number> {
  const response = await api.get<ListResponse<unknown>>(COUNTED_LISTS[list]);
  return response.data.data.length;
}

export const recordCountQueryOptions = (list: CountedList) =>
  queryOptions({
    queryKey: ['dashboard', 'record-count', list] as const,
    queryFn: () => getRecordCount(list),
  });

export type RecordCounts = {
  counts: Partial<Record<CountedList, number>>;
  /** True until every count has arrived or failed (a revisit refreshes the counts silently). */
  isLoading: boolean;
  /** The first failure among the four calls. */
  error: unknown;
};

const LISTS = Object.keys(COUNTED_LISTS) as CountedList[];

/** The four calls run in parallel. */
export function useRecordCounts(): RecordCounts {
  return useQueries({
    queries: LISTS.map(recordCountQueryOptions),
    combine: (results) => ({
      counts: Object.fromEntries(
        results.flatMap((result, index) => (result.data === undefined ? [] : [[LISTS[index], result.data]])),
      ) as Partial<Record<CountedList, number>>,
      isLoading: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
    }),
  });
}
