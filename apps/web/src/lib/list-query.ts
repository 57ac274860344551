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

/** The paging part of a list query (packages/contract list-pages.ts `listQuery`), as sent. */
export type PageQuery = { page: number; perPage: number; sort?: string; search?: string };

/**
 * A server-driven table's state as a paged list's query: the table's 0-based page index is the API's
 * 1-based `page`; `sort` is `field:asc|desc`; the search is sent trimmed and left out when blank (a blank
 * search is no search), so typing a trailing space does not fetch again.
 */
export function pageQuery(state: {
  pageIndex: number;
  pageSize: number;
  sort?: { field: string; desc: boolean } | undefined;
  search?: string;
}): PageQuery {
  const query: PageQuery = { page: state.pageIndex + 1, perPage: state.pageSize };
  if (state.sort) query.sort = `${state.sort.field}:${state.sort.desc ? 'desc' : 'asc'}`;
  const search = state.search?.trim();
  if (search) query.search = search;
  return query;
}
