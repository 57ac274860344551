import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@ff/contract';
import { http } from '../api-client';
import { postWithCsrf } from './csrf';
import { clearSessionEndReason, currentUserQueryOptions } from './current-user';

/** What `POST /login` did: signed the user in (204), or wants a two-factor code first (200 `{twoFactor: true}`). */
export type LoginOutcome = 'signed-in' | 'two-factor';

/** The second sign-in step's body: the authenticator's 6-digit code, or one of the user's recovery codes. */
export type TwoFactorChallenge = { code: string } | { recoveryCode: string };

function outcomeOf(data: unknown): LoginOutcome {
  return data && typeof data === 'object' && 'twoFactor' in data && data.twoFactor === true
    ? 'two-factor'
    : 'signed-in';
}

/** `GET /sanctum/csrf-cookie` (must answer 204), then `POST /login` (204 signed in, 200 `{twoFactor}`). */
export async function login(body: LoginBody): Promise<LoginOutcome> {
  return outcomeOf(await postWithCsrf<unknown>('/login', body));
}

/**
 * `POST /two-factor-challenge` (204 signed in, 422 with the error under `code` or `recoveryCode`). The session
 * and its XSRF cookie are the ones `POST /login` just set, so no new CSRF round trip.
 */
export async function answerTwoFactorChallenge(body: TwoFactorChallenge): Promise<void> {
  await http.post('/two-factor-challenge', body);
}

/** A new session: the guards must see it (re-read `GET /user`) before the caller navigates. */
async function startSession(queryClient: QueryClient): Promise<void> {
  clearSessionEndReason(queryClient);
  await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
}

/** Signs in (step one); when the answer is "signed in", re-reads `GET /user`. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (outcome) => {
      if (outcome === 'signed-in') await startSession(queryClient);
    },
  });
}

/** The second step of a two-factor sign-in; success re-reads `GET /user`. */
export function useTwoFactorChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerTwoFactorChallenge,
    onSuccess: () => startSession(queryClient),
  });
}
