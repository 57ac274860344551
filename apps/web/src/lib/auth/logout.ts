import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../api-client';
import { UserFacingError } from '../error-message';
import { endSession } from './current-user';

export class LogoutError extends UserFacingError {
  constructor(readonly status: number) {
    super('Failed to log out');
    this.name = 'LogoutError';
  }
}

/** `POST /logout`; only a 204 counts as success (docs/spec/product-spec.md section 7). */
export async function logout(): Promise<void> {
  const response = await http.post('/logout');
  if (response.status !== 204) throw new LogoutError(response.status);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => endSession(queryClient, 'signed-out'),
  });
}
