import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { changePasswordBody } from '@ff/contract';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { withPasswordConfirmation } from '@/lib/password-form';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/account';
import { sessionsQueryKey } from '../api/sessions';

export const CURRENT_PASSWORD_MISSING = 'Enter the password you use to sign in now.';
const PASSWORD_FAILED = 'Your password could not be changed. Please try again.';

/** The form: the reset page's rules for the new password, the mismatch shown under the confirmation. */
export const changePasswordForm = withPasswordConfirmation(
  z.object({
    currentPassword: z.string().min(1, CURRENT_PASSWORD_MISSING),
    password: changePasswordBody.shape.password,
    password_confirmation: z.string(),
  }),
);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', password_confirmation: '' };
const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm new password', autoComplete: 'new-password' },
] as const satisfies { name: keyof ChangePasswordForm; label: string; autoComplete: string }[];

/** Change password: the current one, then the new one twice. */
export function PasswordSection() {
  const queryClient = useQueryClient();
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: schemaResolver(changePasswordForm, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: (answer) => {
        form.reset();
        notifySuccess({ message: answer.status });
        // The server may have ended the other sessions with the old password.
        void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      },
      onError: (error) => {
        const { currentPassword, password, password_confirmation } = serverFieldErrors(error);
        form.setErrors({ currentPassword, password, password_confirmation });
        if (!currentPassword && !password && !password_confirmation) {
          notifyError({ message: errorMessage(error, PASSWORD_FAILED) });
        }
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {FIELDS.map(({ name, label, autoComplete }) => (
            <PasswordInput
              key={form.key(name)}
              label={label}
              required
              autoComplete={autoComplete}
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
