import { useState } from 'react';
import { Anchor, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginBody } from '@ff/contract';
import { loginBodyProblems } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { useLogin } from '@/lib/auth/login';
import { useReturnPath } from '@/lib/auth/return-to';
import { errorMessage } from '@/lib/error-message';
import { paths } from '@/lib/paths';
import { AuthForm, EmailField, PasswordField } from './auth-form';
import { AuthHeading } from './auth-heading';
import { clearSignInToasts, notifySignInError } from './sign-in-toasts';
import { TwoFactorStep } from './two-factor-step';
import { useRedirectMessage } from './use-redirect-message';

/** Navigation state a page may send to /login: the address to fill in (a password just set from a mailed link). */
export type LoginArrivalState = { email?: string };

export function LoginPage() {
  useRedirectMessage();
  const arrival = useLocation().state as LoginArrivalState | null;
  const navigate = useNavigate();
  const login = useLogin();
  const returnPath = useReturnPath();
  const [step, setStep] = useState<'credentials' | 'two-factor'>('credentials');
  const form = useForm<LoginBody>({
    mode: 'uncontrolled',
    initialValues: { email: typeof arrival?.email === 'string' ? arrival.email : '', password: '' },
    // The contract's rules without zod, so the sign-in screen does not download every schema.
    validate: loginBodyProblems,
  });

  const signedIn = () => {
    clearSignInToasts();
    void navigate(returnPath(), { replace: true });
  };

  const submit = form.onSubmit((values) => {
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (outcome) => {
          if (outcome === 'two-factor') {
            clearSignInToasts();
            setStep('two-factor');
          } else signedIn();
        },
        onError: (error) => {
          form.setErrors(serverFieldErrors(error));
          notifySignInError({
            title: 'Error!',
            message: errorMessage(error),
            position: 'top-right',
            autoClose: 3000,
          });
        },
      },
    );
  });

  if (step === 'two-factor') {
    const back = () => {
      form.setFieldValue('password', '');
      setStep('credentials');
    };
    return <TwoFactorStep onSignedIn={signedIn} onBack={back} />;
  }

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
