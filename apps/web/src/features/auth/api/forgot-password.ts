import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, StatusBody } from '@ff/contract';
import { postWithCsrf } from '@/lib/auth/csrf';

/** `POST /forgot-password`; the answer's `status` is shown to the user. */
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  postWithCsrf<StatusBody>('/forgot-password', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
