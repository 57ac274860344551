import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading } from './auth-heading';
import { BackToLoginLink } from './back-to-login-link';
import { INVALID_LINK, readResetLink, resetPasswordForm, type ResetPasswordForm } from './reset-password-form';

const TOAST = { position: 'top-right', autoClose: 3000 } as const;

function InvalidLink() {
  return (
    <>
      <AuthHeading title="Reset your password" />
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
        {INVALID_LINK}
      </Alert>
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to={paths.forgotPassword}>
          Request a new link
        </Anchor>
      </Text>
      <BackToLoginLink />
    </>
  );
}

function ResetPasswordFormView({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  // The form has no email field: a server error about the email or token is shown above the form.
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm<ResetPasswordForm>({
    mode: 'uncontrolled',
    initialValues: { password: '', password_confirmation: '' },
    validate: schemaResolver(resetPasswordForm, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setLinkError(null);
    reset.mutate(
      { token, email, ...values },
      {
        onSuccess: (answer) => {
          notifySuccess({ message: answer.status, ...TOAST });
          void navigate(paths.login, { replace: true });
        },
        onError: (error) => {
          const { email: emailError, token: tokenError, ...fieldErrors } = serverFieldErrors(error);
          form.setErrors(fieldErrors);
          setLinkError(emailError ?? tokenError ?? null);
          notifyError({ message: errorMessage(error), ...TOAST });
        },
      },
    );
  });

  return (
    <>
      <AuthHeading title="Reset your password" description={`Choose a new password for ${email}.`} />
      {linkError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md" role="alert">
          {linkError}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            leftSection={<IconLock size={16} aria-hidden />}
            key={form.key('password_confirmation')}
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
      <BackToLoginLink />
    </>
  );
}

export function ResetPasswordPage() {
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const link = readResetLink(token, searchParams.get('email'));
  return link ? <ResetPasswordFormView token={link.token} email={link.email} /> : <InvalidLink />;
}
