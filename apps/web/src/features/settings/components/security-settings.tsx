import { Alert, Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings as SecuritySettingsBody } from '@ff/contract';
import { ErrorAlert } from '@/components/error-alert';
import { api } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';

const securityQueryKey = ['settings', 'security'] as const;

export const SECURITY_TEXTS = {
  label: 'Require two-factor sign-in for administrators',
  explanation:
    'Users whose role holds Manage Users, Manage Roles or Manage Settings must sign in with a code from an authenticator app as well as their password. Those who have not set it up are sent to My Account to do so before they can open any other screen.',
  own: 'Before turning this on, set up two-factor sign-in for your own account under My Account, so the setting does not lock you out.',
  on: 'Two-factor sign-in is now required for administrators.',
  off: 'Two-factor sign-in is no longer required for administrators.',
  failed: 'The security setting could not be saved. Please try again.',
} as const;

/** `GET /api/v1/settings/security`. */
export async function getSecuritySettings(): Promise<SecuritySettingsBody> {
  return (await api.get<SecuritySettingsBody>('/settings/security')).data;
}

/** `PUT /api/v1/settings/security`: answers the saved setting. */
export async function putSecuritySettings(body: SecuritySettingsBody): Promise<SecuritySettingsBody> {
  return (await api.put<SecuritySettingsBody>('/settings/security', body)).data;
}

/** The Settings page's Security tab: whether administrators must use two-factor sign-in. */
export function SecuritySettings() {
  const queryClient = useQueryClient();
  const setting = useQuery({ queryKey: securityQueryKey, queryFn: getSecuritySettings });
  const save = useMutation({
    mutationFn: putSecuritySettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(securityQueryKey, saved);
      // The signed-in administrator may now have to set it up (GET /user says so).
      await queryClient.invalidateQueries({ queryKey: ['current-user'] });
    },
  });

  if (setting.isError) return <ErrorAlert error={setting.error} />;
  const required = save.isPending
    ? (save.variables?.requireTwoFactorForAdmins ?? false)
    : (setting.data?.requireTwoFactorForAdmins ?? false);

  const change = (requireTwoFactorForAdmins: boolean) =>
    save.mutate(
      { requireTwoFactorForAdmins },
      {
        onSuccess: (saved) =>
          notifySuccess({
            message: saved.requireTwoFactorForAdmins ? SECURITY_TEXTS.on : SECURITY_TEXTS.off,
          }),
        onError: (error) => notifyError({ message: errorMessage(error, SECURITY_TEXTS.failed) }),
      },
    );

  return (
    <Paper withBorder radius="md" p="lg" maw={720}>
      <Stack gap="sm">
        <Switch
          size="md"
          label={SECURITY_TEXTS.label}
          description={SECURITY_TEXTS.explanation}
          checked={required}
          disabled={!setting.isSuccess || save.isPending}
          aria-busy={setting.isLoading || save.isPending}
          thumbIcon={save.isPending ? <Loader size={10} /> : undefined}
          onChange={(event) => change(event.currentTarget.checked)}
        />
        {!required && (
          <Alert color="blue" variant="light">
            <Text size="sm">{SECURITY_TEXTS.own}</Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
