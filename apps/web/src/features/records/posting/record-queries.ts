import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, PageResponse, RecordRowOf } from '@ff/contract';
import { RECORD_KINDS_PLAIN, type RecordKindName } from '@ff/contract/plain';
import { http } from '@/lib/api-client';
import type { PageQuery } from '@/lib/list-query';

/** The query key prefix of a kind's list, whatever its date filter. */
export const recordListKey = (kind: RecordKindName) => ['records', kind] as const;

/**
 * `GET /api/v1/{apiName}` without paging: the spec's full array of the kind's records still to post
 * (unposted, or failed with `lastError`). The screens use `getRecordPage`; this is for callers that need
 * every row.
 */
export async function getRecords<K extends RecordKindName>(
  kind: K,
  range: DateRangeQuery = {},
): Promise<RecordRowOf<K>[]> {
  const response = await http.get<ListResponse<RecordRowOf<K>>>(RECORD_KINDS_PLAIN[kind].apiPath, {
    params: range,
  });
  return response.data.data;
}

/** `GET /api/v1/{apiName}?page&perPage&sort&search`: one page of the kind's records and the total matching. */
export async function getRecordPage<K extends RecordKindName>(
  kind: K,
  range: DateRangeQuery,
  query: PageQuery,
): Promise<PageResponse<RecordRowOf<K>>> {
  const response = await http.get<PageResponse<RecordRowOf<K>>>(RECORD_KINDS_PLAIN[kind].apiPath, {
    params: { ...range, ...query },
  });
  return response.data;
}

/**
 * One page of a kind's list for a date filter, sorting and search. The previous page's rows stay (under the
 * loading overlay) while the next one loads. The key starts with `recordListKey(kind)`, so a post reloads
 * it whatever its filter and page.
 */
export const useRecordPage = <K extends RecordKindName>(kind: K, range: DateRangeQuery, query: PageQuery) =>
  useQuery({
    queryKey: [...recordListKey(kind), range, query] as const,
    queryFn: () => getRecordPage(kind, range, query),
    placeholderData: keepPreviousData,
  });
