import { useCallback, useMemo } from 'react';
import { useScreenFilters } from '@/lib/url-state';

/** The history's own URL parameters beside the list's dates, search and page: `?kind=&status=&since=&posting=`. */
export type PostingParams = { kind?: string; status?: string; since?: string; posting: number | null };

export function parsePostingParams(params: URLSearchParams): PostingParams {
  const posting = Number(params.get('posting'));
  const text = (name: string) => params.get(name) || undefined;
  const kind = text('kind');
  const status = text('status');
  const since = text('since');
  return {
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(since ? { since } : {}),
    posting: Number.isInteger(posting) && posting > 0 ? posting : null,
  };
}

/** The screen key Posting History's list state and its own parameters share (one writer, one memory). */
export const SCREEN_KEY = 'posting-history';

/**
 * The Kind and Status filters (a change goes back to the first page and drops `since`, which only a link sets)
 * and the open posting (`posting`, the drawer), held in the URL so a notification's link opens the drawer.
 */
export function usePostingParams() {
  const { params, set } = useScreenFilters(SCREEN_KEY);
  const values = useMemo(() => parsePostingParams(params), [params]);
  const setKind = useCallback((kind: string) => set({ kind, since: null }), [set]);
  const setStatus = useCallback((status: string) => set({ status, since: null }), [set]);
  const clearSince = useCallback(() => set({ since: null }), [set]);
  const openPosting = useCallback(
    (id: number | null) => set({ posting: id ? String(id) : null }, { keepPage: true }),
    [set],
  );
  return { ...values, setKind, setStatus, clearSince, openPosting };
}
