import { Loader, Switch } from '@mantine/core';
import type { User } from '@ff/contract';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useToggleUserStatus } from '../api/toggle-user-status';

export const USER_STATUS_MESSAGES = {
  updated: 'User status updated successfully',
  failed: 'Failed to update user status',
} as const;

/** The Actions cell: Active / Disabled, one PATCH per click, locked while it runs. */
export function UserStatusSwitch({ user }: { user: Pick<User, 'id' | 'name' | 'isActive'> }) {
  const toggle = useToggleUserStatus();

  const onChange = (checked: boolean) =>
    toggle.mutate(
      { id: user.id, toggleStatus: checked },
      {
        onSuccess: () => notifySuccess({ message: USER_STATUS_MESSAGES.updated }),
        onError: (error) => notifyError({ message: errorMessage(error, USER_STATUS_MESSAGES.failed) }),
      },
    );

  return (
    <Switch
      checked={user.isActive}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={toggle.isPending}
      aria-busy={toggle.isPending}
      thumbIcon={toggle.isPending ? <Loader size={10} /> : undefined}
      label={user.isActive ? 'Active' : 'Disabled'}
      aria-label={`Toggle status of ${user.name}`}
    />
  );
}
