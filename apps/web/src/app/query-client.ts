import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatus, onSessionRefused } from '@/lib/api-client';
import { currentUserQueryKey, endSession } from '@/lib/auth/current-user';
import { shouldRetry } from '@/lib/query-retry';

/**
 * TanStack defaults (3 retries, exponential backoff capped at 30 s) minus 401/403/404/422 (see lib/query-retry.ts).
 * A 401 from any call means the server ended the session (idle expiry, account disabled): the app
 * signs the user out so the guard sends them to /login.
 */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const signedIn = Boolean(queryClient.getQueryData(currentUserQueryKey));
        if (httpStatus(error) === 401 && signedIn && query.queryKey[0] !== currentUserQueryKey[0]) {
          endSession(queryClient, 'expired');
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (httpStatus(error) === 401 && queryClient.getQueryData(currentUserQueryKey)) {
          endSession(queryClient, 'expired');
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry },
    },
  });
  // Any call answered 401 while signed in, wrapped or not by the screen that made it (a chunked post, say).
  onSessionRefused(() => {
    if (queryClient.getQueryData(currentUserQueryKey)) endSession(queryClient, 'expired');
  });
  return queryClient;
}
