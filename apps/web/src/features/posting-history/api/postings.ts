import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageResponse, PostingDetail, PostingRow } from '@ff/contract';
import { MAX_PER_PAGE } from '@ff/contract/plain';
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

/** The most postings one export writes; a wider one asks for narrower dates (the history pages at most 500 a call). */
export const EXPORT_CAP = 50_000;

/** Every posting matching the filters and search, newest first, a page of MAX_PER_PAGE at a time (the export). */
export async function getAllPostings(filters: PostingFilters, search?: string): Promise<PostingRow[]> {
  const rows: PostingRow[] = [];
  for (let page = 1; ; page += 1) {
    const params = { ...filters, ...(search ? { search } : {}), page, perPage: MAX_PER_PAGE };
    const { data, meta } = (await api.get<PageResponse<PostingRow>>('/postings', { params })).data;
    if (meta.total > EXPORT_CAP)
      throw new Error(
        `${meta.total.toLocaleString('en-US')} postings match; an export takes at most ${EXPORT_CAP.toLocaleString('en-US')}. Narrow the dates or filters.`,
      );
    rows.push(...data);
    if (!data.length || rows.length >= meta.total) return rows;
  }
}

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
