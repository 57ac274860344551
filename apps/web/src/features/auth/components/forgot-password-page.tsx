import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { ForgotPasswordBody } from '@ff/contract';
import { forgotPasswordBodyProblems } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRequestPasswordReset } from '../api/forgot-password';
import { AuthAlert, AuthForm, EmailField } from './auth-form';
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
    request.mutate(
      { email: values.email.trim() },
      {
        onSuccess: (answer) => {
          setStatus(answer.status);
          notifySuccess({ message: answer.status, ...TOAST });
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error));
          notifyError({ message: errorMessage(error), ...TOAST });
        },
      },
    );
  });

  return (
    <>
      <AuthHeading
        title="Forgot your password?"
        description="Enter the email address of your account and we will send you a link to set a new password."
      />
      {status && (
        <AuthAlert ok mb="md">
          {status}
        </AuthAlert>
      )}
      <AuthForm onSubmit={submit} submitLabel="Submit" loading={request.isPending}>
        <EmailField autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
      </AuthForm>
      <BackToLoginLink />
    </>
  );
}
