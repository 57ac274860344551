import { useCallback } from 'react';
import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { User } from '@ff/contract';
import { FormModal, useCreateForm, type ModalState } from '@/components/form-modal';
import { useRoleOptions } from '../api/get-role-options';
import { useUpdateUser } from '../api/update-user';
import { CountryCodeSelect } from './country-code-select';
import {
  editUserInitialValues,
  editUserValidation,
  toEditUserFormErrors,
  toUpdateUserBody,
} from './edit-user-form';

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
  const { setFieldValue } = form;
  const onCountryChange = useCallback((code: string) => setFieldValue('mobileCode', code), [setFieldValue]);
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
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <CountryCodeSelect
          value={form.values.mobileCode}
          onChange={onCountryChange}
          error={form.errors.mobileCode}
        />
        <TextInput
          label="Mobile"
          type="tel"
          placeholder="Enter valid number..."
          autoComplete="tel-national"
          withAsterisk
          style={{ flex: 1 }}
          {...form.getInputProps('mobileNo')}
        />
      </Group>
      <Select
        label="Role"
        withAsterisk
        searchable
        data={choices}
        nothingFoundMessage={
          roles.isError
            ? 'The roles could not be loaded. Close and reopen this form.'
            : 'No active role matches'
        }
        allowDeselect={false}
        {...form.getInputProps('role')}
      />
    </FormModal>
  );
}
