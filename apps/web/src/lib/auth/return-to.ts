import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@ff/contract';
import { paths } from '../paths';
import { currentUserQueryKey } from './current-user';

/**
 * Where to go after signing in: the page the route guard sent the user away from (its path, search and
 * hash), kept in this tab's sessionStorage because the login screen drops its navigation state once it has
 * shown the redirect message. A page left when a session ended returns only to the same user; a deep link
 * opened signed out returns to whoever signs in.
 */
const KEY = 'ff.return-to';

type ReturnTo = { path: string; userId: number | null };

export function rememberReturnPath(path: string, userId: number | null): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, userId } satisfies ReturnTo));
  } catch {
    // Storage full or blocked: the user lands on the dashboard instead.
  }
}

export function forgetReturnPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

function readReturnTo(): ReturnTo | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (value && typeof value === 'object' && 'path' in value && typeof value.path === 'string') {
      const userId = 'userId' in value && typeof value.userId === 'number' ? value.userId : null;
      return { path: value.path, userId };
    }
  } catch {
    // Unreadable: as if none.
  }
  return null;
}

/**
 * The last answer of takeReturnPath, for a second caller of the same sign-in: the login screen and the
 * public-pages guard both send a newly signed-in user on, and whichever React runs first must not leave
 * the other one pointing at the dashboard.
 */
let lastTaken: { path: string; at: number } | undefined;
const SAME_SIGN_IN_MS = 2000;

/** The path to open once `user` has signed in (the remembered page, else the dashboard); forgets it. */
export function takeReturnPath(user: Pick<CurrentUser, 'id'> | null | undefined): string {
  if (lastTaken && Date.now() - lastTaken.at < SAME_SIGN_IN_MS) return lastTaken.path;
  const saved = readReturnTo();
  forgetReturnPath();
  // Only an app path: never another origin ('//host').
  const local = saved && saved.path.startsWith('/') && !saved.path.startsWith('//');
  const sameUser = saved && user && (saved.userId === null || saved.userId === user.id);
  const path = local && sameUser ? saved.path : paths.dashboard;
  lastTaken = { path, at: Date.now() };
  return path;
}

/** For the login screen: `navigate(returnPath(), { replace: true })` after a successful sign-in. */
export function useReturnPath(): () => string {
  const queryClient = useQueryClient();
  return () => takeReturnPath(queryClient.getQueryData<CurrentUser | null>(currentUserQueryKey));
}
