import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DateRangeQuery,
  ListResponse,
  PageResponse,
  PostBodyOf,
  PostResult,
  RecordRowOf,
} from '@ff/contract';
import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type RecordKindEntry,
  type RecordKindName,
} from '@ff/contract/plain';
import { http } from '@/lib/api-client';
import type { PageQuery } from '@/lib/list-query';
import type { ChunkedPostOutcome } from './post-in-chunks';
import { usePostRecords } from './use-post-records';

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

/** `POST /api/v1/{apiName}`: posts (or queues) the rows; a 422 names the rows SAP refused and why. */
export async function postRecords<K extends RecordKindName>(
  kind: K,
  body: PostBodyOf<K>,
): Promise<PostResult> {
  const response = await http.post<PostResult>(RECORD_KINDS_PLAIN[kind].apiPath, body);
  return response.data;
}

/**
 * The lists a post of `kind` changes: its own (posted rows leave it) and those of the steps that require it
 * (a posted first journal makes the row appear in the second-journal list).
 */
export const listsChangedBy = (kind: RecordKindName): RecordKindName[] =>
  RECORD_KIND_NAMES.filter(
    (name) => name === kind || (RECORD_KINDS_PLAIN[name] as RecordKindEntry).requires === kind,
  );

/**
 * Posts a kind's selected rows with its toasts (docs/spec/product-spec.md section 8), in requests of 500
 * (`toBody` turns one request's rows into its body), reloads the lists it changes, then calls `onDone`.
 */
export function usePostRecordKind<K extends RecordKindName, S extends { row: { id: number } }>(
  kind: K,
  toBody: (chunk: S[]) => PostBodyOf<K>,
  onDone: (outcome: ChunkedPostOutcome) => void,
) {
  const { messages } = RECORD_KINDS_PLAIN[kind];
  return usePostRecords<S>({
    post: (chunk) => postRecords(kind, toBody(chunk)),
    idOf: (selected) => selected.row.id,
    successMessage: messages.success,
    fallbackError: messages.failure,
    invalidateKeys: listsChangedBy(kind).map(recordListKey),
    onDone,
  });
}
