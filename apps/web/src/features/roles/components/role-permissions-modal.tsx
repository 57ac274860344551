import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { ADMINISTRATOR_ROLE, PERMISSIONS } from '@ff/contract/plain';
import type { Role } from '@ff/contract';
import type { ModalState } from '@/components/form-modal';
import { useHasPermission } from '@/lib/auth/current-user';
import { serverFieldErrors } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePermissions } from '../api/get-permissions';
import { useRole, useSetRolePermissions } from '../api/role-permissions';
import { groupPermissions } from './permission-groups';

export const ROLE_PERMISSIONS_SAVED = 'The role\u2019s permissions have been updated.';
const SAVE_FAILED = 'Failed to update the role\u2019s permissions. Please try again.';
const NONE_CHOSEN = 'You must select at least one permission';

export type RolePermissionsModalProps = ModalState & { role: Role };

/**
 * A role's permissions, grouped by the records they concern: editable by holders of Manage Roles (except
 * the Administrator role, which always holds them all), read-only otherwise.
 */
export function RolePermissionsModal({ opened, onClose, role }: RolePermissionsModalProps) {
  const canEdit = useHasPermission(PERMISSIONS.manageRoles) && role.name !== ADMINISTRATOR_ROLE;
  const catalogue = usePermissions({ enabled: opened });
  const detail = useRole(role.id, { enabled: opened });
  const save = useSetRolePermissions();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ticked = chosen ?? detail.data?.permissionIds.map(String) ?? [];
  const close = () => {
    setChosen(null);
    setError(null);
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ticked.length === 0) return setError(NONE_CHOSEN);
    save.mutate(
      { id: role.id, body: { permissions: ticked.map(Number) } },
      {
        onSuccess: () => {
          notifySuccess({ message: ROLE_PERMISSIONS_SAVED });
          close();
        },
        onError: (failure) => {
          const fieldError = serverFieldErrors(failure).permissions;
          setError(fieldError ?? null);
          if (!fieldError) notifyError({ message: errorMessage(failure, SAVE_FAILED) });
        },
      },
    );
  };
  const loading = catalogue.isLoading || detail.isLoading;
  const failed = catalogue.error ?? detail.error;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Permissions of ${role.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {failed ? (
        <Alert color="red" title="The permissions could not be loaded">
          {errorMessage(failed, 'Close this window and try again.')}
        </Alert>
      ) : loading ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label="Loading permissions" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {!canEdit && (
              <Text size="sm" c="dimmed">
                {role.name === ADMINISTRATOR_ROLE
                  ? 'The Administrator role always holds every permission; it cannot be edited.'
                  : 'You may view these permissions; changing them needs the Manage Roles permission.'}
              </Text>
            )}
            <Checkbox.Group
              value={ticked}
              onChange={(value) => {
                setChosen(value);
                setError(null);
              }}
              error={error}
              aria-label="Permissions"
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {groupPermissions(catalogue.data ?? []).map(({ group, items }) => (
                  <fieldset key={group} style={{ border: 0, margin: 0, padding: 0 }}>
                    <Text component="legend" fw={600} size="sm" mb={4}>
                      {group}
                    </Text>
                    <Stack gap={6}>
                      {items.map((permission) => (
                        <Checkbox
                          key={permission.id}
                          value={String(permission.id)}
                          label={permission.name}
                          disabled={!canEdit}
                        />
                      ))}
                    </Stack>
                  </fieldset>
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
