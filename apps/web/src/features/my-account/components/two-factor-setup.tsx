import { useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Group, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorEnrolment } from '@ff/contract';
import { AUTH_FIELD_MESSAGES } from '@ff/contract/plain';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { useConfirmTwoFactor } from '../api/two-factor';
import classes from './my-account.module.css';

export const SETUP_TEXTS = {
  codeMissing: 'Enter the 6-digit code your authenticator app shows now.',
  qrAlt: 'QR code to add Freight Finance to your authenticator app',
  failed: 'Two-factor sign-in could not be turned on. Please try again.',
  passwordWhy: 'Your role requires two-factor sign-in, so turning it on needs your password too.',
} as const;

/**
 * The QR code as an image: the server's SVG in a data URI, so nothing in it can run in the page (an SVG in
 * an <img> runs no scripts and loads nothing).
 */
export const qrImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The secret in groups of four, easier to type by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export type TwoFactorSetupProps = {
  enrolment: TwoFactorEnrolment;
  /**
   * Ask for the password with the code: the server needs it where the role requires two-factor (the session
   * began with the password alone). Asked also when the server says so (the setting changed meanwhile).
   */
  passwordNeeded: boolean;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Set-up: scan the QR code (or type the key), then a code from the app turns two-factor sign-in on. */
export function TwoFactorSetup({ enrolment, passwordNeeded, onConfirmed, onCancel }: TwoFactorSetupProps) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [askPassword, setAskPassword] = useState(passwordNeeded);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    const codeProblem = /^\d{6}$/.test(digits) ? undefined : SETUP_TEXTS.codeMissing;
    const passwordProblem = askPassword && !password ? AUTH_FIELD_MESSAGES.passwordRequired : undefined;
    setError(codeProblem);
    setPasswordError(passwordProblem);
    if (codeProblem || passwordProblem) return;
    confirm.mutate(askPassword ? { code: digits, password } : { code: digits }, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        if (fields.password) {
          setAskPassword(true);
          setPasswordError(fields.password);
        }
        if (fields.code) setError(fields.code);
        if (!fields.code && !fields.password)
          notifyError({ message: errorMessage(failure, SETUP_TEXTS.failed) });
      },
    });
  };

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator
          or 1Password) and scan this QR code.
        </List.Item>
        <List.Item>
          Enter the 6-digit code the app then shows{askPassword ? ' and your password' : ''}, and choose Turn
          on.
        </List.Item>
      </List>
      <Group align="flex-start" gap="xl">
        <img className={classes.qr} src={qrImageSource(enrolment.qrSvg)} alt={SETUP_TEXTS.qrAlt} />
        <Stack gap="xs" maw={360}>
          <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
          <Group gap="xs">
            <Code fz="sm">{groupedSecret(enrolment.secret)}</Code>
            <CopyButton value={enrolment.secret}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <form onSubmit={submit} noValidate>
            <Stack gap="sm" mt="sm">
              <TextInput
                label="Code from the app"
                required
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                placeholder="123456"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                error={error}
              />
              {askPassword && (
                <PasswordInput
                  label="Your password"
                  description={SETUP_TEXTS.passwordWhy}
                  required
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  error={passwordError}
                />
              )}
              <Group gap="sm">
                <Button type="submit" loading={confirm.isPending}>
                  Turn on
                </Button>
                <Button variant="default" onClick={onCancel}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Stack>
      </Group>
    </Stack>
  );
}
