import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ListResponse } from '@ff/contract';
import { api } from './api-client';

/** `GET /api/v1{path}` of a list: the records of its `data` array. */
export async function getList<T>(path: string, params?: object): Promise<T[]> {
  const response = await api.get<ListResponse<T>>(path, { params });
  return response.data.data;
}

/** A mutation that, once it succeeds, refetches every cached query under `queryKey`, whatever its filters. */
export function useRefetchingMutation<V, R>(mutationFn: (variables: V) => Promise<R>, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
