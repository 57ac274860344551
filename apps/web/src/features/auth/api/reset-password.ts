import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, StatusBody } from '@ff/contract';
import { postWithCsrf } from '@/lib/auth/csrf';

/** `POST /reset-password {token, email, password, password_confirmation}`. */
export const resetPassword = (body: ResetPasswordBody) => postWithCsrf<StatusBody>('/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
