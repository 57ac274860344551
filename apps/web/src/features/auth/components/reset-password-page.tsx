import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { LoginArrivalState } from './login-page';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { paths } from '@/lib/paths';
import { useResetPassword } from '../api/reset-password';
import { AuthAlert, AuthForm, PasswordField } from './auth-form';
import { AuthHeading } from './auth-heading';
import { BackToLoginLink } from './back-to-login-link';
import {
  INVALID_LINK,
  isInvitationLink,
  passwordPageText,
  readResetLink,
  resetPasswordForm,
  type ResetPasswordForm,
} from './reset-password-form';

const TOAST = { position: 'top-right', autoClose: 3000 } as const;

function InvalidLink({ isInvitation }: { isInvitation: boolean }) {
  return (
    <>
      <AuthHeading title={passwordPageText(isInvitation).title} />
      <AuthAlert ok={false}>{INVALID_LINK}</AuthAlert>
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to={paths.forgotPassword}>
          Request a new link
        </Anchor>
      </Text>
      <BackToLoginLink />
    </>
  );
}

function ResetPasswordFormView({
  token,
  email,
  isInvitation,
}: {
  token: string;
  email: string;
  isInvitation: boolean;
}) {
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
          // The sign-in that follows has the address filled in (issue 26): the link carried it.
          void navigate(paths.login, { replace: true, state: { email } satisfies LoginArrivalState });
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
      <AuthHeading {...passwordPageText(isInvitation, email)} />
      {linkError && (
        <AuthAlert ok={false} mb="md">
          {linkError}
        </AuthAlert>
      )}
      <AuthForm onSubmit={submit} submitLabel="Submit" loading={reset.isPending}>
        {(['password', 'password_confirmation'] as const).map((field) => (
          <PasswordField
            key={form.key(field)}
            label={field === 'password' ? 'New Password' : 'Confirm Password'}
            autoComplete="new-password"
            {...form.getInputProps(field)}
          />
        ))}
      </AuthForm>
      <BackToLoginLink />
    </>
  );
}

export function ResetPasswordPage() {
  const { token } = useParams();
  const [searchParams] = useSearchParams();
  const link = readResetLink(token, searchParams.get('email'));
  const isInvitation = isInvitationLink(searchParams);
  return link ? (
    <ResetPasswordFormView token={link.token} email={link.email} isInvitation={isInvitation} />
  ) : (
    <InvalidLink isInvitation={isInvitation} />
  );
}
