import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReconciliationRun, ReconciliationRunDetail, ReconciliationStartBody } from '@ff/contract';
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
