import { useState } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import type { ForgotPasswordBody } from '@ff/contract';
import { forgotPasswordBodyProblems } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthHeading } from './auth-heading';
import { BackToLoginLink } from './back-to-login-link';

const TOAST = { position: 'top-right', autoClose: 3000 } as const;

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const [status, setStatus] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: forgotPasswordBodyProblems,
  });

  const submit = form.onSubmit((values) => {
    setStatus(null);
    request.mutate({ email: values.email.trim() }, {
      onSuccess: (answer) => {
        setStatus(answer.status);
        notifySuccess({ message: answer.status, ...TOAST });
      },
      onError: (error) => {
        form.setErrors(serverFieldErrors(error));
        notifyError({ message: errorMessage(error), ...TOAST });
      },
    });
  });

  return (
    <>
      <AuthHeading
        title="Forgot your password?"
        description="Enter the email address of your account and we will send you a link to set a new password."
      />
      {status && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} mb="md" role="status">
          {status}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            leftSection={<IconMail size={16} aria-hidden />}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth size="md" loading={request.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
      <BackToLoginLink />
    </>
  );
}
