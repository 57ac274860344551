import { Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_MESSAGES, type NotificationPreferences } from '@ff/contract';
import { api } from '@/lib/api-client';
import { ErrorAlert } from '@/components/error-alert';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AccountSection } from './account-section';

const preferencesKey = ['account', 'notifications'] as const;
const SAVE_FAILED = 'Your notification settings could not be saved. Please try again.';

/** My Account's "Notifications" card: the hourly e-mail digest of unread notifications, on or off. */
export function NotificationSettings() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: preferencesKey,
    queryFn: async () => (await api.get<NotificationPreferences>('/account/notifications')).data,
  });
  const save = useMutation({
    mutationFn: async (body: NotificationPreferences) =>
      (await api.put<NotificationPreferences>('/account/notifications', body)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey, saved);
      notifySuccess({ message: NOTIFICATION_MESSAGES.preferencesSaved });
    },
    onError: (error) => notifyError({ message: errorMessage(error, SAVE_FAILED) }),
  });
  const checked = save.isPending ? save.variables.emailDigest : (preferences.data?.emailDigest ?? false);

  return (
    <AccountSection
      title="Notifications"
      description="The bell in the header lists what needs your attention: failed queued posts, reversals that failed and reconciliation differences. The e-mail digest comes at most once an hour and lists the notifications you have not read yet."
    >
      {preferences.isError ? (
        <ErrorAlert error={preferences.error} />
      ) : (
        <Switch
          label={NOTIFICATION_MESSAGES.emailDigestLabel}
          checked={checked}
          disabled={!preferences.isSuccess || save.isPending}
          onChange={(event) => save.mutate({ emailDigest: event.currentTarget.checked })}
        />
      )}
    </AccountSection>
  );
}
