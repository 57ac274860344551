import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ListResponse } from '@ff/contract';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { http } from '@/lib/api-client';

/** The four lists the dashboard counts (docs/spec/product-spec.md section 2), in card order. */
export const COUNTED_KINDS = [
  'salesInvoice',
  'firstJournal',
  'secondJournal',
  'vasTransaction',
] as const satisfies readonly RecordKindName[];

export type CountedKind = (typeof COUNTED_KINDS)[number];

/** The number of records in a kind's list, fetched without params (docs/spec/product-spec.md section 7). */
export async function getRecordCount(kind: CountedKind): Promise<number> {
  const response = await http.get<ListResponse<unknown>>(RECORD_KINDS_PLAIN[kind].apiPath);
  return response.data.data.length;
}

export const recordCountQueryOptions = (kind: CountedKind) =>
  queryOptions({
    queryKey: ['dashboard', 'record-count', kind] as const,
    queryFn: () => getRecordCount(kind),
  });

export type RecordCounts = {
  counts: Partial<Record<CountedKind, number>>;
  /** True until every count has arrived or failed (a revisit refreshes the counts silently). */
  isLoading: boolean;
  /** The first failure among the four calls. */
  error: unknown;
};

/** The four calls run in parallel. */
export function useRecordCounts(): RecordCounts {
  return useQueries({
    queries: COUNTED_KINDS.map(recordCountQueryOptions),
    combine: (results) => ({
      counts: Object.fromEntries(
        results.flatMap((result, index) =>
          result.data === undefined ? [] : [[COUNTED_KINDS[index], result.data]],
        ),
      ) as Partial<Record<CountedKind, number>>,
      isLoading: results.some((result) => result.isPending),
      error: results.find((result) => result.isError)?.error ?? null,
    }),
  });
}
