import { Text } from '@mantine/core';
import type { User } from '@ff/contract';
import { FormModal, useCreateForm, type ModalState } from '@/components/form-modal';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser } from '../api/update-user';
import {
  editUserInitialValues,
  editUserValidation,
  toEditUserFormErrors,
  toUpdateUserBody,
} from './edit-user-form';
import { UserFields } from './user-fields';

export const EDIT_USER_SUCCESS = 'User has been updated successfully.';
const EDIT_USER_FAILED = 'Failed to update the user. Please check the details and try again.';

export type EditUserModalProps = ModalState & { user: User };

/** Edit User: the Add User fields prefilled (the e-mail is shown, not editable), with the same rules. */
export function EditUserModal({ opened, onClose, user }: EditUserModalProps) {
  const updateUser = useUpdateUser();
  const roles = useRoleOptions({ enabled: opened });
  const { form, modal } = useCreateForm({
    initialValues: editUserInitialValues(user),
    validate: editUserValidation,
    create: updateUser,
    toBody: (values) => ({ id: user.id, body: toUpdateUserBody(values) }),
    toFormErrors: toEditUserFormErrors,
    messages: { success: EDIT_USER_SUCCESS, failed: EDIT_USER_FAILED },
    onClose,
  });
  // The user's current role stays a choice even when it has been disabled since.
  const roleOptions = roles.data ?? [];
  const choices = roleOptions.some((r) => r.value === user.role)
    ? roleOptions
    : [{ value: user.role, label: user.role }, ...roleOptions];

  return (
    <FormModal opened={opened} title="Edit User" {...modal}>
      <Text size="sm" c="dimmed">
        {user.email}
      </Text>
      <UserFields form={form} roles={roles} roleChoices={choices} />
    </FormModal>
  );
}
