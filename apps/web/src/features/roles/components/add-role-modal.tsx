import { MultiSelect, TextInput } from '@mantine/core';
import { FormModal, useCreateForm, type ModalState } from '@/components/form-modal';
import { useCreateRole } from '../api/create-role';
import { usePermissions } from '../api/get-permissions';
import {
  ADD_ROLE_INITIAL_VALUES,
  toAddRoleFormErrors,
  toCreateRoleBody,
  validateAddRoleForm,
} from './add-role-form';

export const ADD_ROLE_SUCCESS = 'Role has been added successfully';
const ADD_ROLE_FAILED = 'Failed to add the role. Please check the details and try again.';

export function AddRoleModal({ opened, onClose }: ModalState) {
  const createRole = useCreateRole();
  const permissions = usePermissions({ enabled: opened });
  const { form, modal } = useCreateForm({
    initialValues: ADD_ROLE_INITIAL_VALUES,
    validate: validateAddRoleForm,
    create: createRole,
    toBody: toCreateRoleBody,
    toFormErrors: toAddRoleFormErrors,
    messages: { success: ADD_ROLE_SUCCESS, failed: ADD_ROLE_FAILED },
    onClose,
  });

  const permissionNames = (permissions.data ?? []).map((permission) => permission.name);

  return (
    <FormModal opened={opened} title="Add Role" {...modal}>
      <TextInput label="Role Name" withAsterisk {...form.getInputProps('name')} />
      <MultiSelect
        label="Permissions"
        withAsterisk
        searchable
        clearable
        hidePickedOptions
        data={permissionNames}
        placeholder={permissions.isLoading ? 'Loading permissions...' : 'Choose permissions'}
        nothingFoundMessage={
          permissions.isError
            ? 'The permissions could not be loaded. Close and reopen this form.'
            : 'No permission matches'
        }
        {...form.getInputProps('permissions')}
      />
    </FormModal>
  );
}
