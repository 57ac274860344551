import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { AccountProfile, TwoFactorEnrolment } from '@ff/contract';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useNewRecoveryCodes, useStartTwoFactor, useTurnOffTwoFactor } from '../api/two-factor';
import { AccountSection } from './account-section';
import { PasswordConfirmModal } from './password-confirm-modal';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

export const TWO_FACTOR_SECTION_TEXTS = {
  about:
    'Sign in with your password and a code from an authenticator app on your phone, so a stolen password alone does not open your account.',
  required: 'Your role requires two-factor sign-in, so it cannot be turned off.',
  turnedOn: 'Two-factor sign-in is on.',
  turnedOff: 'Two-factor sign-in is off.',
  startFailed: 'Two-factor set-up could not start. Please try again.',
} as const;

type View =
  { kind: 'status' } | { kind: 'setup'; enrolment: TwoFactorEnrolment } | { kind: 'codes'; codes: string[] };

/** Two-factor sign-in: its status, set-up, recovery codes and turning it off. */
export function TwoFactorSection({ account }: { account: AccountProfile }) {
  const [view, setView] = useState<View>({ kind: 'status' });
  const [asking, setAsking] = useState<'off' | 'codes' | null>(null);
  const start = useStartTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const newCodes = useNewRecoveryCodes();
  const on = account.twoFactorEnabled;

  const beginSetup = () =>
    start.mutate(undefined, {
      onSuccess: (enrolment) => setView({ kind: 'setup', enrolment }),
      onError: (error) => notifyError({ message: errorMessage(error, TWO_FACTOR_SECTION_TEXTS.startFailed) }),
    });

  const status = (
    <Badge color={on ? 'teal' : 'gray'} variant="dot">
      {on ? 'On' : 'Off'}
    </Badge>
  );

  return (
    <AccountSection title="Two-factor sign-in" aside={status} description={TWO_FACTOR_SECTION_TEXTS.about}>
      {account.twoFactorRequired && (
        <Alert color="blue" variant="light" icon={<IconShieldCheck size={18} aria-hidden />}>
          {TWO_FACTOR_SECTION_TEXTS.required}
        </Alert>
      )}
      {view.kind === 'setup' && (
        <TwoFactorSetup
          enrolment={view.enrolment}
          passwordNeeded={account.twoFactorRequired}
          onCancel={() => setView({ kind: 'status' })}
          onConfirmed={(codes) => {
            notifySuccess({ message: TWO_FACTOR_SECTION_TEXTS.turnedOn });
            setView({ kind: 'codes', codes });
          }}
        />
      )}
      {view.kind === 'codes' && (
        <RecoveryCodes codes={view.codes} onDone={() => setView({ kind: 'status' })} />
      )}
      {view.kind === 'status' && (
        <Stack gap="sm">
          {on && (
            <Text size="sm">
              Recovery codes left: <strong>{account.recoveryCodesLeft}</strong>
            </Text>
          )}
          <Group gap="sm">
            {on ? (
              <>
                <Button variant="default" onClick={() => setAsking('codes')}>
                  New recovery codes
                </Button>
                {!account.twoFactorRequired && (
                  <Button variant="light" color="red" onClick={() => setAsking('off')}>
                    Turn off
                  </Button>
                )}
              </>
            ) : (
              <Button loading={start.isPending} onClick={beginSetup}>
                Set up two-factor sign-in
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <PasswordConfirmModal
        opened={asking === 'off'}
        onClose={() => setAsking(null)}
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in again. Enter it to confirm."
        confirmLabel="Turn off"
        color="red"
        mutation={turnOff}
        onDone={() => notifySuccess({ message: TWO_FACTOR_SECTION_TEXTS.turnedOff })}
      />
      <PasswordConfirmModal
        opened={asking === 'codes'}
        onClose={() => setAsking(null)}
        title="Get new recovery codes?"
        description="Your current recovery codes stop working. Enter your password to confirm."
        confirmLabel="Get new codes"
        mutation={newCodes}
        onDone={({ recoveryCodes }) => setView({ kind: 'codes', codes: recoveryCodes })}
      />
    </AccountSection>
  );
}
