import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, StatusBody } from '@ff/contract';
import { http } from '@/lib/api-client';
import { fetchCsrfCookie } from '@/lib/auth/csrf';

/** `POST /forgot-password`; the answer's `status` is shown to the user. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<StatusBody> {
  await fetchCsrfCookie();
  const response = await http.post<StatusBody>('/forgot-password', body);
  return response.data;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
