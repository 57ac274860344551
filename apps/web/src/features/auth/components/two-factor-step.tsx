import { useState, type FormEvent } from 'react';
import { Anchor, Center, Group, TextInput } from '@mantine/core';
import { IconArrowLeft, IconShieldLock } from '@tabler/icons-react';
import { serverFieldErrors } from '@/lib/api-client';
import { useTwoFactorChallenge } from '@/lib/auth/login';
import { errorMessage } from '@/lib/error-message';
import { AuthForm } from './auth-form';
import { AuthHeading } from './auth-heading';
import { notifySignInError } from './sign-in-toasts';

export const TWO_FACTOR_TEXTS = {
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  recoveryHint: 'Enter one of the recovery codes you saved when you set up two-factor sign-in.',
  codeMissing: 'Enter the 6-digit code your authenticator app shows now.',
  recoveryMissing: 'Enter one of your recovery codes.',
} as const;

/** What the field holds, as the server wants it; or what to tell the user before asking the server. */
export function twoFactorAnswer(
  mode: 'code' | 'recovery',
  typed: string,
): { body: { code: string } | { recoveryCode: string } } | { problem: string } {
  if (mode === 'recovery') {
    const recoveryCode = typed.trim();
    return recoveryCode ? { body: { recoveryCode } } : { problem: TWO_FACTOR_TEXTS.recoveryMissing };
  }
  const code = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(code) ? { body: { code } } : { problem: TWO_FACTOR_TEXTS.codeMissing };
}

export type TwoFactorStepProps = {
  /** The challenge was answered: the user is signed in. */
  onSignedIn: () => void;
  /** Back to the e-mail and password. */
  onBack: () => void;
};

/** The login page's second step for an account with two-factor sign-in: a code, or a recovery code. */
export function TwoFactorStep({ onSignedIn, onBack }: TwoFactorStepProps) {
  const challenge = useTwoFactorChallenge();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery' : 'code');
    setTyped('');
    setError(undefined);
  };

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const answer = twoFactorAnswer(mode, typed);
    if ('problem' in answer) {
      setError(answer.problem);
      return;
    }
    setError(undefined);
    challenge.mutate(answer.body, {
      onSuccess: onSignedIn,
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        const onField = fields.code ?? fields.recoveryCode;
        if (onField) setError(onField);
        else {
          notifySignInError({
            title: 'Error!',
            message: errorMessage(failure),
            position: 'top-right',
            autoClose: 3000,
          });
        }
      },
    });
  };

  const isCode = mode === 'code';
  return (
    <>
      <AuthHeading
        title="Two-factor sign-in"
        description={isCode ? TWO_FACTOR_TEXTS.codeHint : TWO_FACTOR_TEXTS.recoveryHint}
      />
      <AuthForm onSubmit={submit} submitLabel="Verify" loading={challenge.isPending}>
        <TextInput
          key={mode}
          label={isCode ? 'Two-factor code' : 'Recovery code'}
          placeholder={isCode ? '123456' : 'xxxxx-xxxxx'}
          required
          data-autofocus
          autoFocus
          autoComplete={isCode ? 'one-time-code' : 'off'}
          inputMode={isCode ? 'numeric' : 'text'}
          maxLength={isCode ? 7 : 64}
          spellCheck={false}
          leftSection={<IconShieldLock size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {isCode ? 'Use a recovery code instead' : 'Use an authenticator code instead'}
          </Anchor>
        </Group>
      </AuthForm>
      <Center mt="lg">
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onBack}>
          <Group gap={6} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back to e-mail and password
          </Group>
        </Anchor>
      </Center>
    </>
  );
}
