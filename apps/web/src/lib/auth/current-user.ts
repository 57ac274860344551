import { useRef } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@ff/contract';
import { api } from '../api-client';
import { holdErrorToasts, releaseErrorToasts } from '../notify';
import { setServerTimeZone } from '../server-time';

export const currentUserQueryKey = ['current-user'] as const;
const sessionEndKey = ['session-end'] as const;

/** Why the last session ended in this tab: signed out on purpose, or the server stopped accepting it. */
export type SessionEndReason = 'signed-out' | 'expired';

/**
 * Our own server's answer is trusted to match the contract (no zod in the first download), checked only
 * enough that something else answering (an HTML page from a misrouted proxy) fails instead of signing in.
 */
function asCurrentUser(data: unknown): CurrentUser {
  if (
    data &&
    typeof data === 'object' &&
    'id' in data &&
    'permissions' in data &&
    Array.isArray(data.permissions)
  ) {
    return data as CurrentUser;
  }
  throw new Error('GET /api/v1/session did not answer a user.');
}

/**
 * The session probe `GET /api/v1/session`: always 200, `{authenticated: false}` or `{authenticated: true,
 * user, timeZone}` with the body of `GET /user`, so a signed-out page load logs no failed request in the console
 * (`GET /user` answers 401 there, which every browser logs). The server's time zone is recorded for reading its
 * date-times (lib/server-time.ts).
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const { data } = await api.get<unknown>('/session');
  if (data && typeof data === 'object' && 'authenticated' in data) {
    if ('timeZone' in data && typeof data.timeZone === 'string') setServerTimeZone(data.timeZone);
    return data.authenticated === true && 'user' in data ? asCurrentUser(data.user) : null;
  }
  throw new Error('GET /api/v1/session did not answer whether this browser is signed in.');
}

/**
 * Fresh for a minute: the guards, layout and menu all read it without refetching on every mount, while
 * coming back to the tab after that re-checks the session (the server may have ended it).
 */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: currentUserQueryKey, queryFn: getCurrentUser, staleTime: 60_000 });

/** The session query: `data` is the user, null when signed out, undefined while the first check runs. */
export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * The signed-in user; only for screens inside the authenticated group (the guard guarantees one).
 * While a sign-out is being rendered away it keeps answering the last user instead of failing.
 */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  const last = useRef(data);
  if (data) last.current = data;
  if (!last.current) throw new Error('useSignedInUser is only usable inside the authenticated routes.');
  return last.current;
}

/** Whether the signed-in user holds a permission, e.g. `useHasPermission(PERMISSIONS.postLoss)`. */
export function useHasPermission(permission: string): boolean {
  const { data } = useCurrentUser();
  return data?.permissions.includes(permission) ?? false;
}

/** How the last session of this tab ended, and whose it was. */
type SessionEnd = { reason: SessionEndReason; userId: number | null };

/**
 * Ends the session in the browser: marks the user as signed out, which sends the route guard to /login,
 * then drops every cached response of the old session so a next user never sees them. The drop waits a
 * tick: removing queries under pages that are still mounted would make them refetch mid-redirect. When the
 * server ended it, the error toasts of the calls it refused are held back (the login screen says it once).
 */
export function endSession(queryClient: QueryClient, reason: SessionEndReason): void {
  const user = queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey);
  queryClient.setQueryData<SessionEnd>(sessionEndKey, { reason, userId: user?.id ?? null });
  if (reason === 'expired') holdErrorToasts();
  queryClient.setQueryData(currentUserQueryKey, null);
  setTimeout(() => {
    queryClient.removeQueries({
      predicate: (query) =>
        query.queryKey[0] !== currentUserQueryKey[0] && query.queryKey[0] !== sessionEndKey[0],
    });
  }, 0);
}

/** Read by the route guard when it redirects to /login; cleared by a new sign-in. */
export function sessionEndReason(queryClient: QueryClient): SessionEndReason | undefined {
  return queryClient.getQueryData<SessionEnd>(sessionEndKey)?.reason;
}

/** The id of the user whose session ended last in this tab (null: unknown or none). */
export function sessionEndUserId(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<SessionEnd>(sessionEndKey)?.userId ?? null;
}

export function clearSessionEndReason(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: sessionEndKey, exact: true });
  releaseErrorToasts();
}
