import { useState, type FormEvent } from 'react';
import { Button, Code, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorEnrolment } from '@ff/contract';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { useConfirmTwoFactor } from '../api/two-factor';
import classes from './my-account.module.css';

export const SETUP_TEXTS = {
  codeMissing: 'Enter the 6-digit code your authenticator app shows now.',
  qrAlt: 'QR code to add Freight Finance to your authenticator app',
  failed: 'Two-factor sign-in could not be turned on. Please try again.',
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
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
};

/** Set-up: scan the QR code (or type the key), then a code from the app turns two-factor sign-in on. */
export function TwoFactorSetup({ enrolment, onConfirmed, onCancel }: TwoFactorSetupProps) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(SETUP_TEXTS.codeMissing);
      return;
    }
    setError(undefined);
    confirm.mutate(digits, {
      onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
      onError: (failure) => {
        const onField = serverFieldErrors(failure).code;
        if (onField) setError(onField);
        else notifyError({ message: errorMessage(failure, SETUP_TEXTS.failed) });
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
        <List.Item>Enter the 6-digit code the app then shows, and choose Turn on.</List.Item>
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
