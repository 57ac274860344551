import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DateRangeQuery, ListResponse, PostBodyOf, PostResult, RecordRowOf } from '@ff/contract';
import {
  RECORD_KIND_NAMES,
  RECORD_KINDS_PLAIN,
  type RecordKindEntry,
  type RecordKindName,
} from '@ff/contract/plain';
import { http } from '@/lib/api-client';
import { usePostRecords } from './use-post-records';

/** The query key prefix of a kind's list, whatever its date filter. */
export const recordListKey = (kind: RecordKindName) => ['records', kind] as const;

/** `GET /api/v1/{apiName}`: the kind's records still to post (unposted, or failed with `lastError`). */
export async function getRecords<K extends RecordKindName>(
  kind: K,
  range: DateRangeQuery = {},
): Promise<RecordRowOf<K>[]> {
  const response = await http.get<ListResponse<RecordRowOf<K>>>(RECORD_KINDS_PLAIN[kind].apiPath, {
    params: range,
  });
  return response.data.data;
}

/**
 * A kind's list for a date filter. The rows of the previous filter stay (under the loading overlay) while a
 * new one loads, so the drafts of rows listed again are not dropped in between.
 */
export const useRecordList = <K extends RecordKindName>(kind: K, range: DateRangeQuery) =>
  useQuery({
    queryKey: [...recordListKey(kind), range] as const,
    queryFn: () => getRecords(kind, range),
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

/** Posts a kind's rows with its toasts (docs/spec/product-spec.md section 8), reloads the lists it changes, then calls `onDone`. */
export function usePostRecordKind<K extends RecordKindName>(kind: K, onDone: () => void) {
  const { messages } = RECORD_KINDS_PLAIN[kind];
  return usePostRecords({
    post: (body: PostBodyOf<K>) => postRecords(kind, body),
    successMessage: messages.success,
    fallbackError: messages.failure,
    invalidateKeys: listsChangedBy(kind).map(recordListKey),
    onDone,
  });
}
