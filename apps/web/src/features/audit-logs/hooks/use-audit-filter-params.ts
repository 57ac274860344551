import { useCallback, useMemo } from 'react';
import type { AuditEventType } from '@ff/contract';
import { useScreenFilters } from '@/lib/url-state';

/** The audit log's own filters in the URL, beside the list's dates, search, sort and page: `?user=12&event=Users`. */
export type AuditFilterParams = { userId?: number; event?: AuditEventType };

/** Reads `user` (a positive whole number) and `event` from the search params; anything else is no filter. */
export function parseAuditFilterParams(params: URLSearchParams): AuditFilterParams {
  const user = Number(params.get('user'));
  const event = params.get('event');
  return {
    ...(Number.isInteger(user) && user > 0 ? { userId: user } : {}),
    ...(event ? { event: event as AuditEventType } : {}),
  };
}

/** The screen key the audit log's list state and its own filters share. */
export const SCREEN_KEY = 'audit-logs';

/**
 * The User and Event type filters held in the URL (shareable; a change is a Back step, remembered with the
 * screen's other list state). Changing one goes back to the first page.
 */
export function useAuditFilterParams() {
  const { params, set } = useScreenFilters(SCREEN_KEY);
  const filters = useMemo(() => parseAuditFilterParams(params), [params]);
  const setUser = useCallback((id: string) => set({ user: id }), [set]);
  const setEvent = useCallback((event: string) => set({ event }), [set]);
  return { filters, setUser, setEvent };
}
