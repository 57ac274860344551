import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PageResponse,
  PostingRow,
  ReconciliationDifference,
  ReconciliationRun,
  ReconciliationRunDetail,
  ReconciliationStartBody,
} from '@ff/contract';
import { api } from '@/lib/api-client';

export const reconciliationsQueryKey = ['reconciliations'] as const;
const POLL_MS = 2_000;
const unfinished = (run: Pick<ReconciliationRun, 'status'> | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** `GET /api/v1/reconciliations`: the last 100 runs, newest first; polled while one is queued or running. */
export const useReconciliationRuns = () =>
  useQuery({
    queryKey: reconciliationsQueryKey,
    queryFn: async () => (await api.get<{ data: ReconciliationRun[] }>('/reconciliations')).data.data,
    refetchInterval: (query) => (query.state.data?.some(unfinished) ? POLL_MS : false),
  });

/** `GET /api/v1/reconciliations/{id}`: a run with its differences; polled until it has finished. */
export const useReconciliationRun = (id: number | undefined) =>
  useQuery({
    queryKey: [...reconciliationsQueryKey, id] as const,
    queryFn: async () =>
      (await api.get<{ data: ReconciliationRunDetail }>(`/reconciliations/${id}`)).data.data,
    enabled: id !== undefined,
    refetchInterval: (query) => (unfinished(query.state.data) ? POLL_MS : false),
  });

/** `POST /api/v1/reconciliations` (202): the run is queued. */
export function useStartReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReconciliationStartBody) =>
      (await api.post<{ data: ReconciliationRun }>('/reconciliations', body)).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryKey }),
  });
}

/** `POST /api/v1/reconciliations/{id}/differences/{index}/adopt`: the record is posted with SAP's document. */
export function useAdoptDifference(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (index: number) =>
      (await api.post<{ message: string }>(`/reconciliations/${runId}/differences/${index}/adopt`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationsQueryKey }),
  });
}

/**
 * Posting History's address of a difference's posting (issue 26, item 11): the posting of ours that carries the
 * difference's key, with its drawer open (`?posting=<id>`, as a notification's link opens it). A key no posting
 * here carries (a document SAP holds that was not posted here) gives the record's postings, by its trip.
 */
export function postingHistoryHref(
  difference: Pick<ReconciliationDifference, 'kind' | 'tripNumber' | 'idempotencyKey'>,
  postingId?: number | null,
): string {
  const params = new URLSearchParams();
  if (difference.kind) params.set('kind', difference.kind);
  if (postingId) {
    params.set('q', difference.idempotencyKey);
    params.set('posting', String(postingId));
  } else if (difference.tripNumber) params.set('q', difference.tripNumber);
  return `/postings?${params.toString()}`;
}

/** `GET /postings?kind&search=<key>`: the id of the posting carrying exactly this key, or null. */
export async function findPostingId(
  difference: Pick<ReconciliationDifference, 'kind' | 'idempotencyKey'>,
): Promise<number | null> {
  const { data } = await api.get<PageResponse<PostingRow>>('/postings', {
    params: {
      ...(difference.kind ? { kind: difference.kind } : {}),
      search: difference.idempotencyKey,
      perPage: 100,
    },
  });
  return data.data.find((row) => row.idempotencyKey === difference.idempotencyKey)?.id ?? null;
}
