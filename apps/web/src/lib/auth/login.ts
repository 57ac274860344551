import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@ff/contract';
import { postWithCsrf } from './csrf';
import { clearSessionEndReason, currentUserQueryOptions } from './current-user';

/** `GET /sanctum/csrf-cookie` (must answer 204), then `POST /login` (204 on success). */
export async function login(body: LoginBody): Promise<void> {
  await postWithCsrf('/login', body);
}

/** Signs in, then re-reads `GET /user` so the guards see the new session before the caller navigates. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      clearSessionEndReason(queryClient);
      await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
    },
  });
}
