import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, StatusBody } from '@ff/contract';
import { http } from '@/lib/api-client';
import { fetchCsrfCookie } from '@/lib/auth/csrf';

/** `POST /reset-password {token, email, password, password_confirmation}`. */
export async function resetPassword(body: ResetPasswordBody): Promise<StatusBody> {
  await fetchCsrfCookie();
  const response = await http.post<StatusBody>('/reset-password', body);
  return response.data;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
