import { useCallback, useEffect, useRef, useState } from 'react';
import type { PageResponse } from '@ff/contract';
import { MAX_PER_PAGE } from '@ff/contract/plain';
import { serverMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

/** The red toast when the matching rows could not be loaded and the server said nothing. */
export const SELECT_MATCHING_FAILED = 'Failed to load the matching records. Please try again.';

/** Where 'select all matching' stands: loading (with its progress), or idle. */
export type SelectMatchingState =
  { status: 'idle'; doneFor: string | null } | { status: 'loading'; loaded: number; total: number };

export type SelectMatching = {
  state: SelectMatchingState;
  /** Loads every row matching the list's filter, search and sort, then hands them to `onLoaded`. */
  start: (total: number) => void;
  /** Stops loading; nothing is selected. */
  cancel: () => void;
  /** Forgets that the current query's rows were all selected (the selection was cleared). */
  reset: () => void;
};

/**
 * 'Select all matching records' (issue 13): loads the rows matching the list's query in pages of 500, one
 * request after the other, then hands them all to `onLoaded` (which adds them to the posting rows and
 * selects every ready one). Cancel, a new query (`queryKey` changes) or leaving the screen drops what was
 * loaded. `doneFor` is the query whose rows were all loaded and selected, so the offer is not made again
 * for it.
 */
export function useSelectMatching<T>(options: {
  /** The query's identity (filter and search): loading for an older one is dropped. */
  queryKey: string;
  /** One page of the query's rows, `perPage` 500 (`page` from 1). */
  loadPage: (page: number) => Promise<PageResponse<T>>;
  onLoaded: (rows: T[]) => void;
}): SelectMatching {
  const { queryKey } = options;
  const [state, setState] = useState<SelectMatchingState>({ status: 'idle', doneFor: null });
  const run = useRef(0);
  const latest = useRef(options);
  latest.current = options;

  // A new query or leaving the screen ends a load under way.
  useEffect(
    () => () => {
      run.current += 1;
    },
    [queryKey],
  );
  const [loadingFor, setLoadingFor] = useState(queryKey);
  if (loadingFor !== queryKey) {
    setLoadingFor(queryKey);
    if (state.status === 'loading') setState({ status: 'idle', doneFor: null });
  }

  const start = useCallback((knownTotal: number) => {
    const token = (run.current += 1);
    const { loadPage, queryKey: key } = latest.current;
    setState({ status: 'loading', loaded: 0, total: knownTotal });
    void (async () => {
      const rows: T[] = [];
      try {
        for (let page = 1; ; page += 1) {
          const answer = await loadPage(page);
          if (run.current !== token) return;
          rows.push(...answer.data);
          setState({ status: 'loading', loaded: rows.length, total: answer.meta.total });
          if (answer.data.length < MAX_PER_PAGE || rows.length >= answer.meta.total) break;
        }
      } catch (error) {
        if (run.current !== token) return;
        setState({ status: 'idle', doneFor: null });
        notifyError({ message: serverMessage(error) ?? SELECT_MATCHING_FAILED });
        return;
      }
      latest.current.onLoaded(rows);
      setState({ status: 'idle', doneFor: key });
    })();
  }, []);

  const cancel = useCallback(() => {
    run.current += 1;
    setState({ status: 'idle', doneFor: null });
  }, []);

  const reset = useCallback(() => {
    setState((previous) => (previous.status === 'idle' ? { status: 'idle', doneFor: null } : previous));
  }, []);

  return { state, start, cancel, reset };
}
