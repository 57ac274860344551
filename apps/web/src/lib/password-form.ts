import type { z } from 'zod';
import { AUTH_FIELD_MESSAGES } from '@ff/contract/plain';

type WithConfirmation = { password: string; password_confirmation: string };

/**
 * A password form's rules with the confirmation's: `password_confirmation` must repeat `password`, and a
 * mismatch is shown under the confirmation.
 */
export function withPasswordConfirmation<T extends WithConfirmation, I>(schema: z.ZodType<T, I>) {
  return schema.refine((values) => values.password === values.password_confirmation, {
    message: AUTH_FIELD_MESSAGES.passwordsDiffer,
    path: ['password_confirmation'],
  });
}
