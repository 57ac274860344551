import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResponse, PostingDetail, PostingRow } from '@ff/contract';
import { api } from '@/lib/api-client';

/** The history's filters besides the search and page: what `GET /postings` is asked for. */
export type PostingFilters = {
  fromDate?: string;
  toDate?: string;
  kind?: string;
  status?: string;
  since?: string;
};

export const postingsQueryKey = ['postings'] as const;

/** One page of the posting history, newest first; the previous page stays while the next loads. */
export const usePostingPage = (
  filters: PostingFilters,
  query: { page: number; perPage: number; search?: string },
  enabled = true,
) =>
  useQuery({
    queryKey: [...postingsQueryKey, 'list', filters, query] as const,
    queryFn: async () =>
      (await api.get<PageResponse<PostingRow>>('/postings', { params: { ...filters, ...query } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });

/** One posting with its timeline (the drawer). */
export const usePosting = (id: number | null) =>
  useQuery({
    queryKey: [...postingsQueryKey, 'detail', id] as const,
    queryFn: async () => (await api.get<{ data: PostingDetail }>(`/postings/${id}`)).data.data,
    enabled: id !== null,
  });

/** `POST /postings/{id}/reverse {reason}`; the history (list and drawer) is fetched again afterwards. */
export function useReversePosting(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) =>
      (await api.post<{ message: string; data: PostingRow }>(`/postings/${id}/reverse`, { reason })).data,
    onSettled: () => client.invalidateQueries({ queryKey: postingsQueryKey }),
  });
}
