import { useCallback } from 'react';
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { FormModal, useCreateForm, type ModalState } from '@/components/form-modal';
import { useCreateUser } from '../api/create-user';
import { useRoleOptions } from '../api/get-role-options';
import {
  ADD_USER_INITIAL_VALUES,
  addUserValidation,
  toAddUserFormErrors,
  toCreateUserBody,
} from './add-user-form';
import { CountryCodeSelect } from './country-code-select';

export const ADD_USER_SUCCESS =
  'User has been added successfully. A link to set their password has been e-mailed to them.';
const ADD_USER_FAILED = 'Failed to add the user. Please check the details and try again.';

export type AddUserModalProps = ModalState;

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const createUser = useCreateUser();
  const roles = useRoleOptions({ enabled: opened });
  const { form, modal } = useCreateForm({
    initialValues: ADD_USER_INITIAL_VALUES,
    validate: addUserValidation,
    create: createUser,
    toBody: toCreateUserBody,
    toFormErrors: toAddUserFormErrors,
    messages: { success: ADD_USER_SUCCESS, failed: ADD_USER_FAILED },
    onClose,
  });
  const { setFieldValue } = form;
  const onCountryChange = useCallback((code: string) => setFieldValue('mobileCode', code), [setFieldValue]);

  return (
    <FormModal opened={opened} title="Add User" {...modal}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First Name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
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
        data={roles.data ?? []}
        placeholder={roles.isLoading ? 'Loading roles...' : 'Choose a role'}
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
