import { Anchor, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import type { LoginBody } from '@ff/contract';
import { loginBodyProblems } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { useLogin } from '@/lib/auth/login';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { AuthForm, EmailField, PasswordField } from './auth-form';
import { AuthHeading } from './auth-heading';
import { useRedirectMessage } from './use-redirect-message';

export function LoginPage() {
  useRedirectMessage();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // The contract's rules without zod, so the sign-in screen does not download every schema.
    validate: loginBodyProblems,
  });

  const submit = form.onSubmit((values) => {
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => void navigate(paths.dashboard, { replace: true }),
        onError: (error) => {
          form.setErrors(serverFieldErrors(error));
          notifyError({
            title: 'Error!',
            message: errorMessage(error),
            position: 'top-right',
            autoClose: 3000,
          });
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title="Log in to your account" description="Use your Freight Finance staff account." />
      <AuthForm onSubmit={submit} submitLabel="Log In" loading={login.isPending}>
        <EmailField autoComplete="username" key={form.key('email')} {...form.getInputProps('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            Forgot Password?
          </Anchor>
        </Group>
      </AuthForm>
    </>
  );
}
