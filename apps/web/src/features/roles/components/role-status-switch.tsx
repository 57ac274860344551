import { Loader, Switch } from '@mantine/core';
import type { Role } from '@ff/contract';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useToggleRoleStatus } from '../api/toggle-role-status';

export const ROLE_STATUS_MESSAGES = {
  updated: 'Role has been successfully updated',
  failed: 'Failed to update role status',
} as const;

/** The Actions cell: Active / Disabled; locked until the PATCH and the list refetch have finished. */
export function RoleStatusSwitch({ role }: { role: Pick<Role, 'id' | 'name' | 'isActive'> }) {
  const toggle = useToggleRoleStatus();

  const onChange = (checked: boolean) =>
    toggle.mutate(
      { id: role.id, toggleStatus: checked },
      {
        onSuccess: () => notifySuccess({ message: ROLE_STATUS_MESSAGES.updated }),
        onError: (error) => notifyError({ message: errorMessage(error, ROLE_STATUS_MESSAGES.failed) }),
      },
    );

  return (
    <Switch
      checked={role.isActive}
      onChange={(event) => onChange(event.currentTarget.checked)}
      disabled={toggle.isPending}
      aria-busy={toggle.isPending}
      thumbIcon={toggle.isPending ? <Loader size={10} /> : undefined}
      label={role.isActive ? 'Active' : 'Disabled'}
      aria-label={`Toggle status of ${role.name}`}
    />
  );
}
