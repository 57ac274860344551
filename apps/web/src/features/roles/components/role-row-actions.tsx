import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Role } from '@ff/contract';
import { LazyRolePermissionsModal, preloadRolePermissionsModal } from './lazy-role-permissions-modal';

/** A role row's Permissions button: opens the role's permissions (view, and edit with Manage Roles). */
export function RoleRowActions({ role }: { role: Role }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={modal.open}
        onPointerEnter={preloadRolePermissionsModal}
        aria-label={`Permissions of ${role.name}`}
      >
        Permissions
      </Button>
      <LazyRolePermissionsModal opened={opened} onClose={modal.close} role={role} />
    </>
  );
}
